// npm run bench:search [-- --messages N] [-- --runs N]: full-text search over stored conversations
// (issue 32 §4). A real SQLite file gets N messages (100,000 by default) in 200 conversations, written
// through the conversations repository and indexed as the core does it, in batches: owner requests,
// the agent's answers with tool calls and their arguments, tool results (test output, diffs, file
// summaries), drawn from a vocabulary with a long tail as real sessions have. Queries of a rare word,
// a common one, two words, a prefix and an identifier are each answered by the search (snippets,
// grouping) and, as the baseline in the same run, by a LIKE scan of the same table for the same
// newest hits; and what indexing costs a turn's messages. Goals: the search's median < 50 ms; the index < 30% of the database's size (dbstat).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAgentsRepository } from '../src/main/store/agents';
import { createConversationSearch } from '../src/main/store/conversationSearch';
import { createConversationsRepository, type MessageBody } from '../src/main/store/conversations';
import { openDatabase } from '../src/main/store/database';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const MESSAGES = option('--messages', 100_000);
const RUNS = option('--runs', 41);
const CONVERSATIONS = 200;
const LIMIT = 100;
const GOAL_MS = 50;
const GOAL_SHARE = 0.3;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// A deterministic generator, so every run measures the same database.
let seed = 0x2f6b_1a3d;
function random(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x1_0000_0000;
}

const COMMON = (
  'the a to of and in is it that for this on with test file run change add fix check error build function ' +
  'should not be we can use from import export const return value type string number pass fail module'
).split(' ');
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'ta',
  'so',
  'vi',
  'de',
  'po',
  'gra',
  'sel',
  'tor',
  'bin',
  'fex',
  'qua',
];
// A long tail: 20,000 made-up words, drawn by a Zipf-like rank so a few are common and most are rare.
const TAIL = Array.from({ length: 20_000 }, (_, index) => {
  let word = '';
  let n = index + 7;
  while (n > 0) {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return word;
});
function word(): string {
  if (random() < 0.45) return COMMON[Math.floor(random() * COMMON.length)]!;
  return TAIL[Math.min(TAIL.length - 1, Math.floor(Math.exp(random() * Math.log(TAIL.length))) - 1)]!;
}
function sentence(words: number): string {
  return Array.from({ length: words }, word).join(' ');
}
function identifier(): string {
  return `${word()}${word().replace(/^./, (c) => c.toUpperCase())}`;
}

function messageAt(index: number): MessageBody {
  switch (index % 4) {
    case 0:
      return { role: 'owner', text: `please ${sentence(8 + Math.floor(random() * 20))}` };
    case 1:
      return {
        role: 'assistant',
        text: sentence(15 + Math.floor(random() * 60)),
        toolCalls: [
          random() < 0.5
            ? {
                id: `call_${index}`,
                name: 'run',
                args: { command: `npm test -- src/${word()}/${identifier()}.test.ts` },
              }
            : {
                id: `call_${index}`,
                name: 'edit',
                args: {
                  path: `src/${word()}/${identifier()}.ts`,
                  old: `const ${identifier()} = ${word()}`,
                  new: `const ${identifier()} = ${word()}();`,
                },
              },
        ],
      };
    case 2:
      return {
        role: 'tool',
        callId: `call_${index - 1}`,
        tool: 'run',
        isError: random() < 0.2,
        text: `exit 0\n${Array.from({ length: 4 + Math.floor(random() * 12) }, () => `  ✓ ${identifier()} ${sentence(6)} (${Math.floor(random() * 90)} ms)`).join('\n')}\n Tests ${Math.floor(random() * 40)} passed`,
      };
    default:
      return { role: 'assistant', text: sentence(20 + Math.floor(random() * 80)), toolCalls: [] };
  }
}

function main(): void {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-search-'));
  try {
    const db = openDatabase(dataDir);
    const agents = createAgentsRepository(db);
    const agent = agents.create({
      name: 'developer',
      handle: '@dev',
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      scopes: ['file_read'],
      mode: 'run',
    });
    const conversations = createConversationsRepository(db);
    const ids = Array.from(
      { length: CONVERSATIONS },
      (_, index) => conversations.create(agent.id, `conversation ${index}`).id,
    );
    console.log(
      `writing ${MESSAGES.toLocaleString('en-US')} messages in ${CONVERSATIONS} conversations through the repository …`,
    );
    const started = performance.now();
    const perConversation = Math.ceil(MESSAGES / CONVERSATIONS);
    db.transaction(() => {
      for (let index = 0; index < MESSAGES; index++)
        conversations.append(ids[Math.floor(index / perConversation)]!, messageAt(index));
    })();
    console.log(`written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const search = createConversationSearch(db);
    const indexing = performance.now();
    while (search.catchUp(5_000));
    console.log(`indexed in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
    db.pragma('wal_checkpoint(TRUNCATE)');

    // Words picked from the data by how often they occur: the search must be as quick for each.
    const rare = TAIL[TAIL.length - 3]!;
    const middling = TAIL[400]!;
    const queries: { name: string; text: string; like: string[] }[] = [
      { name: 'a rare word', text: rare, like: [rare] },
      { name: 'a middling word', text: middling, like: [middling] },
      { name: 'a common word', text: 'error', like: ['error'] },
      { name: 'two words', text: `${TAIL[40]} ${TAIL[90]}`, like: [TAIL[40]!, TAIL[90]!] },
      { name: 'a prefix', text: TAIL[1200]!.slice(0, 5), like: [TAIL[1200]!.slice(0, 5)] },
      { name: 'a command argument', text: 'npm test src', like: ['npm test', 'src'] },
    ];
    const likeStatements = new Map<number, ReturnType<typeof db.prepare<string[]>>>();
    const likeScan = (words: string[]): unknown[] => {
      let statement = likeStatements.get(words.length);
      if (!statement) {
        // The anchor: the same newest hits by scanning every stored message's text for each word.
        const where = words.map(() => "content LIKE '%' || ? || '%'").join(' AND ');
        statement = db.prepare<string[]>(
          `SELECT id, conversation_id, role, content FROM messages WHERE ${where} ORDER BY id DESC LIMIT ${LIMIT + 1}`,
        );
        likeStatements.set(words.length, statement);
      }
      return statement.all(...words);
    };

    const ours: number[] = [];
    const anchor: number[] = [];
    const worst = { ours: 0, anchor: 0 };
    console.log(
      `\n${'query'.padEnd(22)} ${'hits'.padStart(6)}  ${'search'.padStart(9)}  ${'LIKE scan'.padStart(10)}  LIKE ÷ search`,
    );
    for (const query of queries) {
      const mine: number[] = [];
      const theirs: number[] = [];
      let hits = 0;
      for (let run = 0; run < RUNS; run++) {
        let at = performance.now();
        const results = search.search(query.text, LIMIT);
        mine.push(performance.now() - at);
        hits = results.groups.reduce((sum, group) => sum + group.hits.length, 0);
        at = performance.now();
        likeScan(query.like);
        theirs.push(performance.now() - at);
      }
      ours.push(...mine);
      anchor.push(...theirs);
      const a = median(mine);
      const b = median(theirs);
      worst.ours = Math.max(worst.ours, a);
      worst.anchor = Math.max(worst.anchor, b);
      console.log(
        `${query.name.padEnd(22)} ${String(hits).padStart(6)}  ${a.toFixed(2).padStart(6)} ms  ${b.toFixed(2).padStart(7)} ms  ${(b / a).toFixed(1)}×`,
      );
    }

    const pages = db
      .prepare<[], { name: string; bytes: number }>('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name')
      .all();
    const total = pages.reduce((sum, row) => sum + row.bytes, 0);
    const index = pages.filter((row) => row.name.startsWith('message_search')).reduce((sum, row) => sum + row.bytes, 0);
    const file = fs.statSync(path.join(dataDir, 'paddock.db')).size;

    // What the index costs a turn: writing a message stays the repository's insert alone; the index
    // takes the turn's messages in one batch after it (catchUp), measured here per message.
    const written: number[] = [];
    const indexed: number[] = [];
    for (let round = 0; round < 20; round++) {
      const bodies = Array.from({ length: 50 }, (_, index) => messageAt(round * 50 + index));
      let at = performance.now();
      for (const body of bodies) conversations.append(ids[round % ids.length]!, body);
      written.push((performance.now() - at) / bodies.length);
      at = performance.now();
      search.catchUp();
      indexed.push((performance.now() - at) / bodies.length);
    }
    db.close();

    const a = median(ours);
    const b = median(anchor);
    const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(`\nover ${MESSAGES.toLocaleString('en-US')} messages, every query, ${RUNS} runs each:`);
    console.log(
      `search median ${a.toFixed(2)} ms   LIKE scan median ${b.toFixed(2)} ms   ratio ${(b / a).toFixed(1)}×    goal search < ${GOAL_MS} ms median: ${a < GOAL_MS ? 'met' : 'NOT met'}`,
    );
    // A LIKE scan stops early on a common word (its newest hits are near the end) and reads every row for a rare one.
    console.log(
      `slowest query: search ${worst.ours.toFixed(2)} ms   LIKE scan ${worst.anchor.toFixed(2)} ms   ratio ${(worst.anchor / worst.ours).toFixed(1)}×`,
    );
    console.log(
      `a turn's messages: writing one ${(median(written) * 1000).toFixed(0)} µs, indexing it after the turn ${(median(indexed) * 1000).toFixed(0)} µs (median of 20 turns of 50)`,
    );
    const share = index / total;
    console.log(
      `database ${mb(total)} (file ${mb(file)})   index ${mb(index)} = ${(share * 100).toFixed(1)}% of it   goal index < ${GOAL_SHARE * 100}% of the database: ${share < GOAL_SHARE ? 'met' : 'NOT met'}`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main();
