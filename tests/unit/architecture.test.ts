import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md's arrows: views -> machines/streams -> api -> transport; domain imports nobody;
 * sim imports only domain and api; the app reaches sim only through the sim transport's worker URL.
 */
const ROOT = resolve(__dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function layerOf(path: string): string {
  return relative(ROOT, path).split('/')[0] ?? '';
}

const ALLOWED: Record<string, string[]> = {
  domain: ['domain'],
  api: ['api', 'domain'],
  streams: ['streams', 'api', 'domain'],
  machines: ['machines', 'api', 'domain', 'streams'],
  views: ['views', 'machines', 'streams', 'api', 'domain'],
  sim: ['sim', 'api', 'domain'],
};

/** Comments may name what code must not do; only code counts. */
function withoutComments(source: string): string {
  return source.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');
}

const imports = files(ROOT).flatMap((file) => {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => ({
    file,
    target: resolve(file, '..', match[1] ?? ''),
  }));
});

describe('architecture', () => {
  it('every import follows the arrows of DESIGN.md', () => {
    const wrong = imports
      .filter(({ file, target }) => {
        const from = layerOf(file);
        const to = layerOf(target);
        if (from === 'main.tsx' || !(from in ALLOWED)) return false;
        return !ALLOWED[from]?.includes(to);
      })
      .map(({ file, target }) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
    expect(wrong).toEqual([]);
  });

  it('the domain does no I/O', () => {
    const offenders = files(join(ROOT, 'domain')).filter((file) =>
      /\b(fetch|localStorage|indexedDB|postMessage|WebSocket|document\.|window\.)/.test(
        withoutComments(readFileSync(file, 'utf8')),
      ),
    );
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('the simulator engine never reads the wall clock or Math.random', () => {
    const offenders = files(join(ROOT, 'sim'))
      .filter((file) => !file.endsWith('worker.ts'))
      .filter((file) => /Date\.now\(\)|Math\.random\(\)/.test(withoutComments(readFileSync(file, 'utf8'))));
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('no user-visible literal text in views: every string goes through i18n', () => {
    const offenders: string[] = [];
    for (const file of files(join(ROOT, 'views')).filter((path) => path.endsWith('.tsx'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // JSX text between tags with a word in it, or CJK anywhere in the code.
          if (
            /(?<![=-])>\s*[A-Za-z][A-Za-z ,.'!?-]{2,}\s*</.test(line) ||
            /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(line)
          ) {
            offenders.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
          }
        });
    }
    expect(offenders).toEqual([]);
  });
});
