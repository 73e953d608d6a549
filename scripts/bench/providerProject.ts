/**
 * The cost of checking a provider descriptor against its Gradle project: a generated build of
 * 50 subprojects (each a build.gradle and three Kotlin files, one of them a provider class with
 * a companion builder), checked the way the server and `umsg check` do (workspace/providerProject.ts
 * reading the disk, then the check with its facts). Measured: the first check in the process
 * (grammars loaded and compiled, the subproject parsed), a first check of another subproject
 * (parsed, grammars warm), and checks again once parsed (the case the editor meets on every
 * edit and on a re-check after a watched file changed).
 *
 *   node --import tsx scripts/bench/providerProject.ts
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLanguageService, DEFAULT_CONFIG } from '../../server/src/core';
import { nodeProviderProjects } from '../../server/src/node/providerProjects';

const SUBPROJECTS = 50;
const AGAIN = 30;

function providerClass(i: number): string {
  const keys = Array.from({ length: 8 }, (_, k) => `    const val KEY_${k} = "key_${k}"`).join('\n');
  const reads = Array.from({ length: 8 }, (_, k) => `        val v${k} = config[KEY_${k}] as String?`).join('\n');
  const helpers = Array.from({ length: 40 }, (_, k) =>
    `    fun helper${k}(x: Int): Int {\n        logger.info("helper ${k} key_${k}")\n        return x * ${k}\n    }`).join('\n');
  return `package io.bench.p${i}\n\nimport io.opencui.core.*\nimport io.bench.api.IService${i}\n\n` +
    `class Provider${i}(val config: Configuration) : IService${i}, IProvider {\n` +
    `    override fun run(): String {\n${reads}\n        return ""\n    }\n${helpers}\n` +
    `    companion object : ExtensionBuilder<IService${i}> {\n${keys}\n` +
    `        override fun invoke(config: Configuration): IService${i} = Provider${i}(config)\n    }\n}\n`;
}

function otherFile(i: number, n: number): string {
  const funs = Array.from({ length: 60 }, (_, k) => `fun f${n}_${k}(a: Int, b: String): String = "$b-\${a + ${k}}"`).join('\n');
  return `package io.bench.p${i}.util\n\ndata class Helper${n}(val name: String, val size: Int)\n\n${funs}\n`;
}

function writeBuild(dir: string): void {
  const names = Array.from({ length: SUBPROJECTS }, (_, i) => `p${i}`);
  writeFileSync(path.join(dir, 'settings.gradle'), `rootProject.name = 'bench'\n${names.map((n) => `include '${n}'`).join('\n')}\n`);
  writeFileSync(path.join(dir, 'build.gradle'), "subprojects {\n    version = '1.0.0'\n}\n");
  names.forEach((name, i) => {
    const src = path.join(dir, name, 'src', 'main', 'kotlin', 'io', 'bench', name);
    mkdirSync(src, { recursive: true });
    writeFileSync(path.join(dir, name, 'build.gradle'), `plugins {\n    id 'java-library'\n}\n\ngroup 'io.bench.${name}'\n`);
    writeFileSync(path.join(src, `Provider${i}.kt`), providerClass(i));
    writeFileSync(path.join(src, 'HelperA.kt'), otherFile(i, 1));
    writeFileSync(path.join(src, 'HelperB.kt'), otherFile(i, 2));
  });
  mkdirSync(path.join(dir, 'providers'));
}

function descriptor(i: number): string {
  const meta = Array.from({ length: 8 }, (_, k) => `    { "key": "key_${k}", "label": "Key ${k}", "type": "String" }`).join(',\n');
  return `{\n  "label": "Provider ${i}",\n  "providerType": "Native Provider",\n  "deployMode": "hosted",\n` +
    `  "implements": ["io.bench.api.IService${i}"],\n  "providerClassName": "io.bench.p${i}.Provider${i}",\n` +
    `  "configurationMeta": [\n${meta}\n  ],\n  "implementation": "io.bench.p${i}:p${i}:1.0.0"\n}\n`;
}

interface ProviderProjectTimes {
  firstMs: number;
  otherFirstMs: number;
  againMedianMs: number;
  againMaxMs: number;
  findings: number;
}

export async function measureProviderProject(): Promise<ProviderProjectTimes> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'umsg-bench-provider-'));
  try {
    writeBuild(dir);
    const projects = nodeProviderProjects();
    const service = createLanguageService({ inOneGo: true });
    const check = async (i: number) => {
      const file = path.join(dir, 'providers', `p${i}.provider.json`);
      const text = descriptor(i);
      const started = performance.now();
      const providerProject = await projects.factsFor(file, text, dir);
      const { diagnostics } = await service.check(service.open(text, 'native-provider'), { config: DEFAULT_CONFIG, providerProject });
      return { ms: performance.now() - started, findings: diagnostics.length };
    };
    const first = await check(7);
    const other = await check(23);
    const again: number[] = [];
    for (let n = 0; n < AGAIN; n++) again.push((await check(n % 2 === 0 ? 7 : 23)).ms);
    again.sort((a, b) => a - b);
    return {
      firstMs: first.ms,
      otherFirstMs: other.ms,
      againMedianMs: again[Math.floor(again.length / 2)],
      againMaxMs: again[again.length - 1],
      findings: first.findings + other.findings,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line of the measurements, as the bench prints it. */
export function providerProjectLine(r: ProviderProjectTimes): string {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  return `provider check in a build of ${SUBPROJECTS} subprojects: first ${ms(r.firstMs)} (grammars loaded), ` +
    `another subproject's first ${ms(r.otherFirstMs)}, again (parsed) median ${ms(r.againMedianMs)}, max ${ms(r.againMaxMs)} ` +
    `over ${AGAIN}; findings ${r.findings} (0 expected)`;
}

if (require.main === module) {
  measureProviderProject().then((r) => {
    console.log(providerProjectLine(r));
  }, (e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
