/**
 * The whole workspace in the Problems panel: the server (dist/server.js --stdio) started on the
 * folder of ordinary messages with one of them open, asked for workspace/diagnostic as VS Code
 * asks (reports streamed as partial results). Measured: the time to the last report (the full
 * Problems panel) and to the first, the server's memory at the end (VmRSS and its peak); then,
 * in a second pull, hover in the open message, one request after another without a pause, while
 * the workspace is checked again (that pull takes longer: the hovers share the server's thread).
 */
import { performance } from 'node:perf_hooks';
import { ServerProcess, timed, type Position } from './lsp';
import { percentile } from './stats';

export interface WorkspaceResult {
  files: number;
  /** Reports with at least one finding, and findings in all. */
  filesWithProblems: number;
  problems: number;
  firstReportMs: number;
  fullMs: number;
  /** The second pull, with hovers all along. */
  fullWithHoversMs: number;
  /** Bytes, after the last report. */
  rss?: number;
  peak?: number;
  /** Hover in the open message while the workspace is checked, ms. */
  hover: { n: number; p50: number; p95: number; max: number };
}

export async function measureWorkspace(
  server: string,
  folderUri: string,
  openUri: string,
  openText: string,
  at: Position,
): Promise<WorkspaceResult> {
  const lsp = await ServerProcess.start(server, true, folderUri);
  try {
    lsp.open(openUri, 'universal-message', openText);
    await lsp.diagnostics(openUri);
    let files = 0, filesWithProblems = 0, problems = 0, firstReportMs = 0;
    const started = performance.now();
    await lsp.workspaceDiagnostics((items) => {
      if (files === 0) firstReportMs = performance.now() - started;
      for (const item of items) {
        files++;
        const n = item.items?.length ?? 0;
        if (n > 0) filesWithProblems++;
        problems += n;
      }
    });
    const fullMs = performance.now() - started;
    const memory = lsp.memory();
    let done = false;
    const again = performance.now();
    const pulled = lsp.workspaceDiagnostics(() => undefined).finally(() => { done = true; });
    const hovers: number[] = [];
    const hovering = (async () => { while (!done) hovers.push(await timed(() => lsp.hover(openUri, at))); })();
    await Promise.all([pulled, hovering]);
    const fullWithHoversMs = performance.now() - again;
    const r2 = (x: number) => Number(x.toFixed(2));
    const result: WorkspaceResult = {
      files,
      filesWithProblems,
      problems,
      firstReportMs: Math.round(firstReportMs),
      fullMs: Math.round(fullMs),
      fullWithHoversMs: Math.round(fullWithHoversMs),
      rss: memory?.rss,
      peak: memory?.peak,
      hover: { n: hovers.length, p50: r2(percentile(hovers, 0.5)), p95: r2(percentile(hovers, 0.95)), max: r2(Math.max(...hovers)) },
    };
    const code = await lsp.stop();
    if (code !== 0) throw new Error(`the server exited ${code} after shutdown and exit`);
    return result;
  } catch (e) {
    lsp.kill();
    throw e;
  }
}
