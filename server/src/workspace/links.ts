/**
 * The guard on files reached through a symbolic link. Sample data, channel-specific siblings
 * and umsg.config.json are read beside a message and shown (in hovers, the preview, `umsg
 * render`, a CI log), so in a hostile repository a link such as `greet.sample.json ->
 * ~/.docker/config.json` would show that file. A file that is a link out of the message's
 * project is therefore not read; a plain file is always read, wherever the message is.
 */

/** Resolves links (undefined when it cannot, e.g. a dangling link). */
export type RealPath = (p: string) => Promise<string | undefined>;

/** Whether `child` is `root` or inside it; both are real paths, compared by their segments. */
function isInside(child: string, root: string): boolean {
  let end = root.length;
  while (end > 0 && (root.charCodeAt(end - 1) === 47 || root.charCodeAt(end - 1) === 92)) end--; // trailing / or \
  const trimmed = root.slice(0, end);
  if (child === trimmed) return true;
  return child.startsWith(trimmed) && (child[trimmed.length] === '/' || child[trimmed.length] === '\\');
}

/**
 * Where a file that is a symbolic link leads, when that is outside every folder of `within`
 * (none: the file's own folder), with the first folder to name the project; undefined for a
 * plain file, a link inside the project, or a dangling link (the read then says so).
 */
export async function linkOutOfProject(
  filePath: string,
  within: readonly string[],
  realPath: RealPath,
): Promise<{ target: string; project: string } | undefined> {
  const real = await realPath(filePath);
  if (real === undefined) return undefined;
  const cut = Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\'));
  const dir = filePath.slice(0, Math.max(cut, 1));
  // Not a link: the file's real path is its folder's real path and its own name (the folder
  // itself may be reached through a link; that does not make the file one).
  const realDir = (await realPath(dir)) ?? dir;
  const separator = realDir.includes('/') || !realDir.includes('\\') ? '/' : '\\';
  const trimmed = realDir.endsWith(separator) ? realDir.slice(0, -1) : realDir;
  if (real === `${trimmed}${separator}${filePath.slice(cut + 1)}`) return undefined;
  const folders = within.length > 0 ? within : [dir];
  for (const folder of folders) {
    const root = (await realPath(folder)) ?? folder;
    if (isInside(real, root)) return undefined;
  }
  return { target: real, project: folders[0] };
}

/** `NAME is a link to TARGET, outside the project (PROJECT)`: the start of every refusal's message. */
export function linkedOut(name: string, link: { target: string; project: string }): string {
  return `${name} is a link to ${link.target}, outside the project (${link.project})`;
}

/**
 * The folder a message's project spans, for the guard on links: the project root the config
 * lookup found (a folder with `.git`, a config with `"root": true`, or a workspace folder), else
 * the message's own folder. Never the current folder: where a command runs from says nothing
 * about the message's project.
 */
export function projectFolder(messagePath: string, root: string | undefined): string {
  if (root !== undefined) return root;
  const cut = Math.max(messagePath.lastIndexOf('/'), messagePath.lastIndexOf('\\'));
  return messagePath.slice(0, Math.max(cut, 1));
}
