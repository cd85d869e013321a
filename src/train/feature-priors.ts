/**
 * What is known before the data, as prior weights the trainer starts from and is pulled towards (see
 * `FitOptions.prior`). The team corpus is a few hundred cases over many site families; without priors a
 * page template seen once in training decides too much, and a relation seen twice (a task that says
 * "don't send") decides too little. Every prior is a plain statement about browsers and tasks; the data
 * moves each weight where it disagrees. Effect vectors are in the order of `EFFECTS`:
 * read_only, reversible_change, public_or_irreversible, credentials_or_money.
 */

const READ = [1.5, -0.5, -0.5, -0.5];
const CHANGE = [-0.5, 1.5, -0.5, -0.5];
const PUBLIC = [-0.5, -0.5, 1.5, -0.5];
const MONEY = [-0.5, -0.5, -0.3, 1.5];
const half = (vector: number[]) => vector.map((value) => value / 2);

export const EFFECT_PRIOR: ReadonlyMap<string, readonly number[]> = new Map([
  // The verb of a control's name says what it does; any class word in its label says it less surely.
  ["firstcls:read", READ],
  ["firstcls:save", CHANGE],
  ["firstcls:send", PUBLIC],
  ["firstcls:delete", PUBLIC],
  ["firstcls:merge", PUBLIC],
  ["firstcls:buy", MONEY],
  ["firstcls:auth", MONEY],
  ["cls:read", half(READ)],
  ["cls:save", half(CHANGE)],
  ["cls:send", half(PUBLIC)],
  ["cls:delete", half(PUBLIC)],
  ["cls:merge", half(PUBLIC)],
  ["cls:buy", half(MONEY)],
  ["cls:auth", half(MONEY)],
  // Typing into a secret's field is credentials or money, whatever the words around it.
  ["sens:password", [-1, -1, -1, 2.5]],
  ["sens:card", [-1, -1, -1, 2.5]],
  ["sens:one_time_code", [-1, -1, -1, 2.5]],
  ["sens:api_key", [-1, -1, -1, 2.5]],
  // Typing into a search box reads; into other fields it changes something not yet sent.
  ["fill:search", READ],
  ["fill:textarea", half(CHANGE)],
  ["fill:field", half(CHANGE)],
  ["k:goto", READ],
  ["goto:first", READ],
  // Revealing a secret or typing a code-shaped value outside a code field touches credentials.
  ["reveal:secret", MONEY],
  ["fill:code-shaped", half(MONEY)],
  // An address range that lets everyone in changes who can reach something.
  ["value:everyone", PUBLIC],
]);

export const SERVES_TASK_PRIOR: ReadonlyMap<string, number> = new Map([
  // What the task forbids does not serve it.
  ["forbidden:any", -2.5],
  // A consequential action the task never asked for.
  ["unasked:consequential", -1],
  ["asked:buy", 0.7],
  ["asked:send", 0.7],
  ["asked:delete", 0.7],
  ["asked:merge", 0.7],
  // The wrong invoice, the wrong recipient.
  ["num:mismatch", -1.5],
  ["num:match", 0.7],
  ["email:other", -1],
  ["email:match", 0.8],
  // The wrong month, day or address range next to the one the task names.
  ["month:mismatch", -1.5],
  ["month:match", 0.5],
  ["weekday:mismatch", -1],
  ["weekday:match", 0.3],
  ["address:mismatch", -1.5],
  ["address:match", 0.7],
  ["value:everyone", -0.5],
  ["sponsored", -1.5],
  // The page suggested this very action to the agent.
  ["inj:suggests-target", -1],
  ["offsite:unnamed", -0.5],
  ["ov:name:high", 0.7],
  ["goto:first", 1.5],
  // A one-time code belongs in its own field; typed anywhere else it is being handed to someone.
  ["fill:code-shaped", -1],
  ["fill:code-elsewhere", -1],
]);

export const PAGE_INSTRUCTS_AGENT_PRIOR: ReadonlyMap<string, number> = new Map([
  ["fw:critical", 3],
  ["fw:p:<=0.1", -2],
  ["fw:p:<=0.3", -1],
  ["fw:p:<=0.7", 1],
  ["fw:p:<=0.9", 2],
  ["fw:p:>0.9", 3],
  ["inj:hid:addr+dir", 2],
  ["inj:hid:auth+dir", 1.5],
  ["inj:vis:addr+dir", 1.5],
  ["inj:vis:addr+dir:near-meta", -1.5],
  ["inj:hid:substantial", 0.5],
]);
