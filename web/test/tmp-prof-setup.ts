import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { afterAll } from 'vitest';
const g = globalThis as { __prof?: Session; __n?: number };
if (!g.__prof) {
  g.__prof = new Session();
  g.__prof.connect();
  await g.__prof.post('Profiler.enable');
  await g.__prof.post('Profiler.setSamplingInterval', { interval: 500 });
  await g.__prof.post('Profiler.start');
}
afterAll(async () => {
  const { profile } = await g.__prof!.post('Profiler.stop');
  g.__n = (g.__n ?? 0) + 1;
  writeFileSync(`/tmp/webprof/${process.pid}-${g.__n}.cpuprofile`, JSON.stringify(profile));
  await g.__prof!.post('Profiler.start');
});
