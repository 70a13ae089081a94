/** Customer statements (issue 23), as the handlers use them. */
export { STATEMENT_MESSAGES, getStatement } from './reads';
