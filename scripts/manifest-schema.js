// Writes dist/understudy.schema.json, the JSON schema VS Code checks and completes understudy.json with
// (package.json `jsonValidation`): resources/manifest-schema.template.json (the manifest's shape) with `metrics` and
// `settings` filled from package.json's `understudy.*` metric settings, so that a setting anyone adds to the extension
// is completed in manifests too, with the same type, values and description.
'use strict';

const fs = require('fs');
const path = require('path');

/** `understudy.*` settings that are about the views or the machine, not the metrics: not part of a manifest's `settings`. */
const VIEW_SETTINGS = /^understudy\.(decorations|colors|highlights|manifest|significance|compare|export|report|meta|performance)\./;

function manifestSchema(root) {
  const schema = JSON.parse(fs.readFileSync(path.join(root, 'resources', 'manifest-schema.template.json'), 'utf8'));
  const properties = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).contributes.configuration.properties;
  const settings = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!name.startsWith('understudy.') || VIEW_SETTINGS.test(name)) continue;
    settings[name.slice('understudy.'.length)] = property;
  }
  delete schema.$comment;
  schema.properties.metrics = settings.metrics;
  schema.properties.settings.properties = settings;
  return schema;
}

function writeManifestSchema(root) {
  const out = path.join(root, 'dist', 'understudy.schema.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(manifestSchema(root), undefined, 2)}\n`);
}

module.exports = { manifestSchema, writeManifestSchema, VIEW_SETTINGS };
