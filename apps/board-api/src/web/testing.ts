// What benchmarks measure of the web app's own code, run in Node (no DOM needed): the live patch
// of a loaded board. `@org/board-api/testing/web`.
export { patchBoard } from "./views/board/board-data.ts";
