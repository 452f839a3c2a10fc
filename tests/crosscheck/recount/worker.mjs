// Worker thread: replays batches of game records (see replay.mjs).
import { parentPort } from 'node:worker_threads';
import { replayRecords } from './replay.mjs';

parentPort.on('message', ({ seq, records, withTags }) => {
  parentPort.postMessage({ seq, games: replayRecords(records, withTags) });
});
