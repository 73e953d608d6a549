/**
 * What `vsce ls` lists, offline (vsce's own listFiles, the function behind `vsce ls`): only
 * what the installed extension reads, and all of it that is on disk. Also the Marketplace
 * metadata of package.json: every link under the one placeholder base that `npm run package`
 * gives vsce for the README's relative links.
 *
 * vsce walks every file under the folder it packs, and a working tree holds the git-ignored
 * caches too (the editor tests' .vscode-test/ alone is tens of thousands of files: over a
 * minute of matching on a loaded machine). So the listing runs over what a clean checkout and a
 * build hold: the tree without those caches, hard-linked into a temporary folder.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { listFiles, PackageManager } from '@vscode/vsce';

const ROOT = path.join(__dirname, '..', '..');

/** The git-ignored folders at the top of the tree, except dist/ (the bundles are packed). */
function ignoredFolders(): Set<string> {
  const names = fs.readFileSync(path.join(ROOT, '.gitignore'), 'utf8').split('\n')
    .map((l) => l.trim().replace(/\/$/, ''))
    .filter((l) => l && !l.startsWith('#') && !l.includes('*') && l !== 'dist');
  return new Set(['.git', ...names]);
}

/** The tree as a clean checkout and a build hold it, hard-linked (copied where links fail) into a new folder. */
function cleanTree(): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'umsg-vsce-ls-'));
  after(() => fs.rmSync(out, { recursive: true, force: true }));
  const skip = ignoredFolders();
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && skip.has(entry.name)) continue;
      if (entry.isDirectory()) {
        fs.mkdirSync(path.join(out, child), { recursive: true });
        walk(child);
      } else if (entry.isFile()) {
        try {
          fs.linkSync(path.join(ROOT, child), path.join(out, child));
        } catch {
          fs.copyFileSync(path.join(ROOT, child), path.join(out, child));
        }
      }
    }
  };
  walk('');
  return out;
}

/** Each file the package may hold, and why; anchored patterns over short paths. */
const ALLOWED: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /^package\.json$/, why: 'the manifest' },
  { pattern: /^(README|CHANGELOG)\.md$|^LICENSE$/, why: 'the Marketplace page, the changes, the licence' },
  { pattern: /^images\/icon\.png$/, why: 'the icon' },
  { pattern: /^dist\/(client|server|cli)\.js$/, why: 'the desktop client, and the launchers of the server and the command line' },
  { pattern: /^dist\/(server|cli)-main\.js$/, why: 'the server and command line bundles the launchers load' },
  { pattern: /^dist\/web-tree-sitter\.js$/, why: 'web-tree-sitter, loaded with the first provider descriptor' },
  { pattern: /^dist\/browser\/(client|server)\.js$/, why: 'the web extension bundles' },
  { pattern: /^dist\/tree-sitter\/[a-z-]+\.wasm$/, why: 'the grammars that read a provider\'s Gradle build and sources' },
  { pattern: /^language-configuration(-json)?\.json$/, why: 'brackets and comments' },
  { pattern: /^syntaxes\/[a-z-]+\.tmLanguage\.json$/, why: 'the grammars' },
  { pattern: /^snippets\/[a-z-]+\.code-snippets$/, why: 'the snippets' },
  { pattern: /^schemas\/[a-z.]+\.schema\.json$/, why: 'the umsg.config.json schema' },
  { pattern: /^docs\/([a-z-]+\/)?[A-Za-z-]+\.md$/, why: 'the rule pages each diagnostic links to, and the pages they link to' },
  { pattern: /^docs\/images\/[a-z-]+\.png$/, why: 'the images of those pages (not the Marketplace screenshots)' },
  { pattern: /^media\/preview\/preview\.(js|css)$/, why: 'the preview page' },
  { pattern: /^media\/walkthroughs\/[a-z-]+\/[a-z-]+\.md$/, why: 'the pages of the walkthroughs' },
];

/** Files the installed extension reads: each must be packed whenever it exists on disk. */
function needed(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    main: string;
    browser: string;
    icon: string;
    bin: Record<string, string>;
    contributes: { walkthroughs?: { steps: { media?: { markdown?: string } }[] }[] };
  };
  const files = [manifest.main, manifest.browser, manifest.icon, ...Object.values(manifest.bin)].map((f) => path.posix.normalize(f));
  files.push('README.md', 'LICENSE', 'CHANGELOG.md', 'media/preview/preview.js', 'media/preview/preview.css', 'dist/web-tree-sitter.js');
  // What the launchers dist/server.js and dist/cli.js load (esbuild.mjs).
  files.push('dist/server-main.js', 'dist/cli-main.js');
  for (const walkthrough of manifest.contributes.walkthroughs ?? []) {
    for (const step of walkthrough.steps) if (step.media?.markdown) files.push(path.posix.normalize(step.media.markdown));
  }
  for (const dir of ['syntaxes', 'snippets', 'schemas', 'docs/rules', 'dist/tree-sitter']) {
    if (!fs.existsSync(path.join(ROOT, dir))) continue; // dist/ only after a build
    for (const name of fs.readdirSync(path.join(ROOT, dir))) files.push(`${dir}/${name}`);
  }
  return files;
}

describe('the packaged extension (vsce ls)', () => {
  it('lists only files on the allow-list, and every file the extension reads', async () => {
    const listed = (await listFiles({ cwd: cleanTree(), packageManager: PackageManager.None })).map((f) => f.split(path.sep).join('/'));
    assert.ok(listed.includes('package.json'), `expected vsce to list package.json; it listed ${listed.join(', ')}`);
    const strays = listed.filter((f) => !ALLOWED.some((a) => a.pattern.test(f)));
    assert.deepEqual(strays, [], 'files vsce would pack that the extension never reads (fix .vscodeignore)');
    const missing = needed().filter((f) => fs.existsSync(path.join(ROOT, f)) && !listed.includes(f));
    assert.deepEqual(missing, [], 'files the extension reads that vsce would leave out (fix .vscodeignore)');
    const screenshots = path.join(ROOT, 'docs', 'images', 'marketplace');
    const shots = fs.existsSync(screenshots) ? fs.readdirSync(screenshots).map((n) => `docs/images/marketplace/${n}`) : [];
    assert.deepEqual(listed.filter((f) => shots.includes(f)), [], 'the Marketplace screenshots are loaded from the web, never packed');
  });
});

describe('the Marketplace metadata', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & {
    scripts: Record<string, string>;
  };
  // The placeholder base `npm run package` gives vsce for the README's relative links.
  const base = /--baseContentUrl (\S+)/.exec(manifest.scripts.package)?.[1];

  it('has an icon, keywords, a banner, and every link under the package script\'s base', () => {
    assert.ok(base, 'expected `npm run package` to pass --baseContentUrl');
    assert.ok(`${manifest.scripts.package} `.includes(`--baseImagesUrl ${base} `), 'the images get the same base');
    assert.ok(fs.existsSync(path.join(ROOT, String(manifest.icon))), 'the icon file exists');
    const keywords = manifest.keywords as string[];
    // The Marketplace takes at most 30 keywords (the extension manifest reference).
    assert.ok(Array.isArray(keywords) && keywords.length > 0 && keywords.length <= 30, `keywords: ${JSON.stringify(keywords)}`);
    const banner = manifest.galleryBanner as { color?: string; theme?: string };
    assert.match(String(banner?.color), /^#[0-9a-f]{6}$/i);
    assert.ok(banner.theme === 'dark' || banner.theme === 'light', `galleryBanner.theme: ${String(banner.theme)}`);
    const links = {
      repository: (manifest.repository as { url: string }).url,
      bugs: (manifest.bugs as { url: string }).url,
      homepage: manifest.homepage as string,
      qna: manifest.qna as string,
    };
    for (const [field, url] of Object.entries(links)) {
      assert.ok(typeof url === 'string' && url.startsWith(base), `${field} (${String(url)}) starts with ${base}`);
    }
  });
});
