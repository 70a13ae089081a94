import { describe, expect, it } from 'vitest';
import { swRoute } from '../src/driver/offline/sw/routes';
import { shellFiles, versionOf } from '../vite/driver-service-worker';

const ORIGIN = 'https://bo.example.com';
const PRECACHED = new Set(['/driver.html', '/assets/driver-abc.js', '/driver.webmanifest']);
const route = (path: string, mode = 'cors', method = 'GET', origin = ORIGIN) =>
  swRoute({ url: `${origin}${path}`, method, mode }, ORIGIN, PRECACHED);

describe("the driver service worker's routes", () => {
  it('serves the app shell for every navigation under /driver, and leaves the back office alone', () => {
    expect(route('/driver', 'navigate')).toBe('shell');
    expect(route('/driver/stop/o-1', 'navigate')).toBe('shell');
    expect(route('/driver/summary?x=1', 'navigate')).toBe('shell');
    expect(route('/', 'navigate')).toBe('pass');
    expect(route('/orders', 'navigate')).toBe('pass');
  });

  it('never answers an API request, nor a write, nor another origin', () => {
    expect(route('/api/db/deliveries/myDay?day=2026-11-27')).toBe('pass');
    expect(route('/api/db/deliveries/complete/o1', 'cors', 'POST')).toBe('pass');
    expect(route('/api/db/deliveries/myDay', 'navigate')).toBe('pass');
    expect(route('/assets/driver-abc.js', 'cors', 'GET', 'https://cdn.example.com')).toBe('pass');
    expect(route('/driver.webmanifest', 'cors', 'POST')).toBe('pass');
  });

  it('keeps the shell files and the hashed build files; config.json network first', () => {
    expect(route('/assets/driver-abc.js')).toBe('precached');
    expect(route('/assets/lazy-xyz.js')).toBe('precached');
    expect(route('/driver.webmanifest')).toBe('precached');
    expect(route('/config.json')).toBe('config');
    expect(route('/images/p.png')).toBe('pass');
  });
});

describe('the precache list from the bundle', () => {
  const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = [], css: string[] = []) => ({
    type: 'chunk' as const,
    fileName,
    imports,
    dynamicImports,
    code: '',
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
  });
  const bundle = {
    'assets/driver-1.js': chunk(
      'assets/driver-1.js',
      ['assets/react-2.js'],
      ['assets/sign-3.js'],
      ['assets/driver-1.css'],
    ),
    'assets/react-2.js': chunk('assets/react-2.js'),
    'assets/sign-3.js': chunk('assets/sign-3.js', ['assets/react-2.js', 'assets/pad-4.js']),
    'assets/pad-4.js': chunk('assets/pad-4.js'),
    'assets/main-9.js': chunk('assets/main-9.js', ['assets/react-2.js']),
    'assets/driver-1.css': { type: 'asset' as const, fileName: 'assets/driver-1.css' },
  };

  it("lists every file the driver entry loads, eagerly or lazily, and nothing of the back office's", () => {
    expect(shellFiles(bundle, bundle['assets/driver-1.js'])).toEqual([
      '/assets/driver-1.css',
      '/assets/driver-1.js',
      '/assets/pad-4.js',
      '/assets/react-2.js',
      '/assets/sign-3.js',
    ]);
  });

  it('versions the list by its content', () => {
    expect(versionOf('a\nb')).toBe(versionOf('a\nb'));
    expect(versionOf('a\nb')).not.toBe(versionOf('a\nc'));
  });
});
