import { runFlows } from './run-flows';

/** The browser flows that work the demo driver's day, and the roles walk (run-flows.ts). */
runFlows('field');
