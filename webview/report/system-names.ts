/**
 * How the table names systems: by base name when those are unique (report files are workspace-relative or absolute
 * paths, and a long folder prefix would push the file name out of the column), else by the path as given.
 */
export function systemLabels(files: readonly string[]): string[] {
  const base = files.map((file) => file.split(/[\\/]/).pop() || file);
  return new Set(base).size === base.length ? base : [...files];
}
