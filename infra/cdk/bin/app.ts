import { App } from 'aws-cdk-lib';
import { buildBackoffice } from '../lib/backoffice';

/**
 * `npx cdk synth` / `deploy` entry point (see cdk.json and infra/README-deploy.md).
 * `-c skipBundling=true` synthesizes without running esbuild (quick template checks only; never deploy that).
 */
const app = new App();
if (['true', true].includes(app.node.tryGetContext('skipBundling'))) app.node.setContext('aws:cdk:bundling-stacks', []);
buildBackoffice(app);
