/**
 * How a Node process that runs the language server is started: the V8 flags the VS Code client
 * passes (client/src/extension.ts), and the bench too, so that it times the server as VS Code runs it.
 *
 * `--expose-gc` lets the server run one full garbage collection once a long document just opened
 * is parsed (server/src/node/settleHeap.ts). Started without it, as another editor may start
 * `umsg-language-server`, the server works the same and skips that collection.
 *
 * `--no-memory-reducer` turns off V8's collections for giving memory back while a program seems
 * idle. A keystroke in a long document makes little garbage now (core/syntax/textSource.ts), so
 * V8 took typing for idleness and marked the whole heap in steps between keystrokes, which made
 * the slowest keystrokes of the bench's typing case (docs/performance.md, "A text read in
 * windows"). The heap is still collected as it grows, and the server collects it once a long
 * document is closed, and asks the check thread to collect then (node/settleHeap.ts).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--expose-gc', '--no-memory-reducer'];
