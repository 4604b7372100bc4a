import { UnderstudyError } from '../../errors';
import { PeerAnnotation, PyramidScu } from './pyramid';
import { PyramidTopicInput } from './pyramid-report';

/**
 * Pyramids and peer annotations as JSON, for annotations made outside DUCView:
 *
 *   { "topics": [ { "topic": "D0736-A", "models": ["G", "H", "I", "J"],
 *                   "scus": [ { "id": "5", "label": "…", "models": ["G", "H"] }, … ],
 *                   "peers": [ { "peer": "sys17", "scus": ["5", "7"], "unmatched": 2 }, … ] }, … ] }
 *
 * (a single topic object is accepted too). An SCU's weight is the number of distinct models listed for it; `unmatched`
 * (content units of the peer outside the pyramid) is optional and only the original score needs it.
 */

function fail(source: string, where: string, message: string): never {
  throw new UnderstudyError('bad-annotations', `${source}: ${where}: ${message}`, { file: source });
}

function strings(value: unknown, source: string, where: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' && typeof v !== 'number')) fail(source, where, 'expected a list of ids.');
  return (value as (string | number)[]).map(String);
}

function readTopic(value: unknown, source: string, index: number): PyramidTopicInput {
  const where = `topic ${index + 1}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(source, where, 'expected an object with topic, models, scus and peers.');
  const t = value as Record<string, unknown>;
  const topic = typeof t.topic === 'string' || typeof t.topic === 'number' ? String(t.topic) : fail(source, where, '"topic" (its name) is missing.');
  const models = strings(t.models, source, `${where} (${topic}) models`);
  const modelSet = new Set(models);
  if (!Array.isArray(t.scus)) fail(source, `${where} (${topic})`, '"scus" must be a list.');
  const seen = new Set<string>();
  const scus: PyramidScu[] = (t.scus as unknown[]).map((s, i) => {
    const at = `${where} (${topic}) scu ${i + 1}`;
    if (typeof s !== 'object' || s === null) fail(source, at, 'expected an object with id and models.');
    const scu = s as Record<string, unknown>;
    const id = typeof scu.id === 'string' || typeof scu.id === 'number' ? String(scu.id) : fail(source, at, '"id" is missing.');
    if (seen.has(id)) fail(source, at, `SCU id ${id} appears twice.`);
    seen.add(id);
    const scuModels = strings(scu.models, source, `${at} models`);
    const unknown = scuModels.filter((m) => !modelSet.has(m));
    if (unknown.length > 0) fail(source, at, `model(s) ${unknown.join(', ')} are not in the topic's models.`);
    return { id, ...(typeof scu.label === 'string' ? { label: scu.label } : {}), models: [...new Set(scuModels)] };
  });
  const peersValue = t.peers ?? [];
  if (!Array.isArray(peersValue)) fail(source, `${where} (${topic})`, '"peers" must be a list.');
  const peers: PeerAnnotation[] = peersValue.map((p, i) => {
    const at = `${where} (${topic}) peer ${i + 1}`;
    if (typeof p !== 'object' || p === null) fail(source, at, 'expected an object with peer and scus.');
    const peer = p as Record<string, unknown>;
    const name = typeof peer.peer === 'string' || typeof peer.peer === 'number' ? String(peer.peer) : fail(source, at, '"peer" (its name) is missing.');
    const unmatched = peer.unmatched;
    if (unmatched !== undefined && (typeof unmatched !== 'number' || !Number.isInteger(unmatched) || unmatched < 0)) fail(source, at, '"unmatched" must be a whole number ≥ 0.');
    return { peer: name, topic, scuIds: strings(peer.scus, source, `${at} scus`), ...(unmatched !== undefined ? { unmatchedUnits: unmatched as number } : {}) };
  });
  return { pyramid: { topic, models, scus }, peers };
}

export function readPyramidJson(text: string, source: string): PyramidTopicInput[] {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new UnderstudyError('bad-annotations', `${source}: not valid JSON (${(error as Error).message}).`, { file: source });
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as Record<string, unknown>).topics)) {
    return ((value as Record<string, unknown>).topics as unknown[]).map((t, i) => readTopic(t, source, i));
  }
  return [readTopic(value, source, 0)];
}
