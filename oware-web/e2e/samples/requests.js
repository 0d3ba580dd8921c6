// One sample of every kind of request the page sends the module: every key
// its parser takes (the constant named), each with a value the module
// accepts. Written by `cargo test -p oware-web` (src/samples.rs), which
// fails when the module's keys differ from this file (UPDATE_SAMPLES=1
// writes it again); `cargo xtask site --types` checks each against
// `Required<…>` of its type in site/messages.js: a key the type lacks, or
// one the module does not take, fails. Not edited by hand.

/** @import { StateWords, SearchWords, SaveWords, ProbeWords, ProveWords, PuzzleWords, PracticeWords } from '../../site/messages.js' */

/** The keys of `state::STATE_KEYS`: `rules=abapa start=4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves=E play=c proof=north:cA endgame=south:` @type {Required<StateWords>} */
export const state = {
  rules: "abapa",
  start: "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
  moves: "E",
  play: "c",
  proof: "north:cA",
  endgame: "south:",
};

/** The keys of `think::SEARCH_KEYS`: `rules=abapa start=4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves=E level=1 seed=18446744073709551615 depth=2 nodes=10000 ms=1000 judge=c wtime=60000 btime=60000 winc=1000 binc=1000` @type {Required<SearchWords>} */
export const search = {
  rules: "abapa",
  start: "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
  moves: "E",
  level: 1,
  seed: 18446744073709551615n,
  depth: 2,
  nodes: 10000,
  ms: 1000,
  judge: "c",
  wtime: 60000,
  btime: 60000,
  winc: 1000,
  binc: 1000,
};

/** The keys of `record::SAVE_KEYS`: `rules=abapa start=4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves=Ec seat=south level=7 date=2026.11.30 lost=north:resigned` @type {Required<SaveWords>} */
export const save = {
  rules: "abapa",
  start: "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
  moves: "Ec",
  seat: "south",
  level: 7,
  date: "2026.11.30",
  lost: "north:resigned",
};

/** The keys of `endgame::PROBE_KEYS`: `rules=abapa start=0-0-0-0-0-1-1-0-0-0-1-1-24-20-S moves=` @type {Required<ProbeWords>} */
export const probe = {
  rules: "abapa",
  start: "0-0-0-0-0-1-1-0-0-0-1-1-24-20-S",
  moves: "",
};

/** The keys of `mistakes::PROVE_KEYS`: `rules=abapa start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S moves=` @type {Required<ProveWords>} */
export const prove = {
  rules: "abapa",
  start: "0-1-0-0-0-1-2-0-0-0-0-1-22-21-S",
  moves: "",
};

/** The keys of `puzzle::PUZZLE_KEYS`: `code=4f57415245505a0a0100100cc8000000010000001d000000a6c8344d82489df9030600000100000c0000000100000e14c50158020c070209030a040b05 id=2357qa date=2026-12-07 rating=1500 theme=long skip=2357qa,ekr5we moves= play=C player=1500,350,0.06 result=solved` @type {Required<PuzzleWords>} */
export const puzzle = {
  code: "4f57415245505a0a0100100cc8000000010000001d000000a6c8344d82489df9030600000100000c0000000100000e14c50158020c070209030a040b05",
  id: "2357qa",
  date: "2026-12-07",
  rating: 1500,
  theme: "long",
  skip: "2357qa,ekr5we",
  moves: "",
  play: "C",
  player: "1500,350,0.06",
  result: "solved",
};

/** The keys of `practice::PRACTICE_KEYS`: `rules=abapa start=1-0-0-1-0-1-1-0-0-0-0-1-21-22-S moves= play=F` @type {Required<PracticeWords>} */
export const practice = {
  rules: "abapa",
  start: "1-0-0-1-0-1-1-0-0-0-0-1-21-22-S",
  moves: "",
  play: "F",
};
