// A thread of the parser pool (parse-pool.ts): parses the batches of lines it is sent and answers each on its port.
import { parentPort, workerData } from 'worker_threads';
import { createParser } from '../io/parser-model-file';
import { ParseBatchReply, ParsePoolThreadData } from './parse-pool';
import { Parser } from './parser';
import { parsedLine } from './parser-tree-source';

if (parentPort) {
  const { port, replies, model, modelFile } = workerData as ParsePoolThreadData;
  const parser = model ? new Parser(() => model.data, { tables: model.tables }) : createParser(modelFile);
  port.on('message', (request: { batch: number; lines: string[] }) => {
    let reply: ParseBatchReply;
    try {
      reply = { batch: request.batch, parsed: request.lines.map((line) => parsedLine(parser, line)) };
    } catch (error) {
      reply = { batch: request.batch, error: error instanceof Error ? error.message : String(error), code: (error as { code?: string }).code };
    }
    port.postMessage(reply);
    Atomics.add(replies, 0, 1);
    Atomics.notify(replies, 0);
  });
}
