import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lighthouseBench } from '../lighthouse';
import { driverAppBench } from '../driver-app';
import { startStackProcess } from '../stack-process';
import { requireWebBuild, summary } from './harness';

/** The driver's phone app on the production build (issue 26): script before the stop list, offline stop, sync. */
export async function driverApp() {
  requireWebBuild();
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-driver-'));
  const stack = await startStackProcess(dir, ['--static']);
  try {
    const phone = await driverAppBench(stack.info, (l) => summary(l));
    // Lighthouse's mobile preset (simulated slow 4G): the 2.5 s to interactive.
    const lighthouse = await lighthouseBench(stack.info, ['/driver']);
    return {
      driverApp: { ...phone, lighthouseMobile: lighthouse.mobile, againstFloor: lighthouse.againstFloor.mobile },
    };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
