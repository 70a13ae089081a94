export { type CustomerItem, customerEntity } from './entity';
export { CUSTOMER_FIELD_LABELS, customerNotFound, toCustomer } from './records';
export * from './reads';
export { createCustomer, updateCustomer } from './writes';
export { generateAccessCode, newAccessCode } from './access-code';
