/**
 * Build steps for the login page's first paint (issue 18), run by vite.config.ts after the client
 * build:
 *  - pre-render the login form (src/app/prerender/renderLogin.tsx, through Vite's SSR loader) and
 *    write it with the login chunks' preload links to dist/.prerender/login.json, which the
 *    server puts into index.html when it serves the login path;
 *  - precompress every text asset (.br and .gz beside it) for @fastify/static's preCompressed.
 */
import { readdir, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { createServer, type Plugin, type PluginOption } from 'vite';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const LOGIN_MODULE = 'src/features/user/pages/LoginPage.tsx';

/** What the server reads; keep in sync with packages/server/src/http/static.ts. */
export type LoginPrerenderFile = {
  path: string;
  /** The page's own CSS inline and module preloads of its chunks. */
  head: string;
  /**
   * The entry's stylesheets by address, which the server inlines in place of index.html's links on
   * the login path: a render-blocking stylesheet costs the first paint a round trip (issue 18).
   */
  entryStyles: Record<string, string>;
  titles: Record<string, string>;
  bodies: Record<string, string>;
};

/** Files a manifest entry loads with it: its chunk, its static imports, and their CSS. */
const closure = (manifest: Manifest, key: string, seen = new Set<string>()) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
};

const cssOf = (manifest: Manifest, keys: Iterable<string>) =>
  new Set([...keys].flatMap((key) => manifest[key]?.css ?? []));

/** A stylesheet's text for a <style> element: nothing in it may close the element. */
const readStyle = async (outDir: string, file: string) =>
  (await readFile(join(outDir, file), 'utf8')).replace(/<\/style/gi, '<\\/style');

/**
 * The login chunks' CSS inline (when React loads the chunks, Vite adds their <link> as usual; the
 * rules are the same) and module preloads for the chunks themselves.
 */
const loginHead = async (manifest: Manifest, outDir: string, base: string) => {
  const entry = closure(manifest, 'index.html');
  const keys = [...closure(manifest, LOGIN_MODULE)].filter((key) => !entry.has(key));
  const styles = await Promise.all([...cssOf(manifest, keys)].map((file) => readStyle(outDir, file)));
  const js = keys.map((key) => manifest[key]?.file).filter((file): file is string => Boolean(file));
  const entryStyles: Record<string, string> = {};
  for (const file of cssOf(manifest, entry)) entryStyles[`${base}${file}`] = await readStyle(outDir, file);
  return {
    head: [
      ...styles.map((css) => `<style>${css}</style>`),
      ...js.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
    ].join(''),
    entryStyles,
  };
};

const prerenderLogin = async (root: string, outDir: string, base: string, plugins: PluginOption[]) => {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const server = await createServer({
    configFile: false,
    root,
    base,
    logLevel: 'error',
    appType: 'custom',
    plugins,
    resolve: { alias: { '@openkefu/contract': join(root, '../contract/src/index.ts') } },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderLogin } = (await server.ssrLoadModule('/src/app/prerender/renderLogin.tsx')) as {
      renderLogin: () => Promise<Omit<LoginPrerenderFile, 'head'>>;
    };
    const rendered = await renderLogin();
    const file: LoginPrerenderFile = { ...rendered, ...(await loginHead(manifest, outDir, base)) };
    await mkdir(join(outDir, '.prerender'), { recursive: true });
    await writeFile(join(outDir, '.prerender/login.json'), JSON.stringify(file));
  } finally {
    await server.close();
  }
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt|map|ico)$/;

const listFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : listFiles(path);
      return COMPRESSIBLE.test(entry.name) ? [path] : [];
    }),
  );
  return nested.flat();
};

/** The files of the first load (the entry and the login page): worth brotli's slowest, smallest setting. */
const firstLoadFiles = async (outDir: string): Promise<Set<string>> => {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const keys = new Set([...closure(manifest, 'index.html'), ...closure(manifest, LOGIN_MODULE)]);
  return new Set(
    [...keys]
      .flatMap((key) => [manifest[key]?.file ?? '', ...(manifest[key]?.css ?? [])])
      .map((file) => join(outDir, file)),
  );
};

/**
 * .br and .gz (level 9) beside each text file over 1 KB, when they are smaller. Brotli at quality
 * 11 for the first load's files, 5 for the rest: 11 on every file cost about 8 s of CPU per build
 * (quality 9 nearly as much) for 9 % fewer bytes; 5 costs 0.2 s.
 */
const precompress = async (outDir: string) => {
  const critical = await firstLoadFiles(outDir);
  const files = await listFiles(outDir);
  // A few at a time: zlib runs on libuv's 4 threads; more would only queue memory.
  const queue = [...files];
  const work = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      if ((await stat(path)).size < 1024) continue;
      const body = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: critical.has(path) ? 11 : 5,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      if (br.length < body.length) await writeFile(`${path}.br`, br);
      if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
    }
  };
  await Promise.all([work(), work(), work(), work()]);
  return files.length;
};

/** The Vite plugin: runs both steps once the client bundle is written. */
export const firstPaint = (options: { root: string; ssrPlugins: PluginOption[] }): Plugin => {
  let outDir = '';
  let base = '/';
  return {
    name: 'openkefu:first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
      base = config.base;
    },
    async closeBundle() {
      const started = Date.now();
      await prerenderLogin(options.root, outDir, base, options.ssrPlugins);
      const rendered = Date.now();
      const count = await precompress(outDir);
      this.info(
        `login pre-rendered in ${rendered - started} ms, ${count} files precompressed in ${Date.now() - rendered} ms`,
      );
    },
  };
};
