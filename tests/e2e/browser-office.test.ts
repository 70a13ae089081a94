import { runFlows } from './run-flows';

/** The browser flows of the office: every flow but the driver's day (run-flows.ts). */
runFlows('office');
