/**
 * How a Node process that runs the language server is started: the V8 flags the VS Code client
 * passes (client/src/extension.ts), and the bench too, so that it times the server as VS Code runs it.
 *
 * `--expose-gc` lets the server run one full garbage collection once a long document just opened
 * is parsed (server/src/node/settleHeap.ts). Started without it, as another editor may start
 * `umsg-language-server`, the server works the same and skips that collection.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--expose-gc'];
