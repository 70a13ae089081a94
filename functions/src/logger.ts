import { Logger } from '@aws-lambda-powertools/logger';

/** The one logger of the back end. Import it as `#logger`. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'backoffice' });
