import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { CREDIT_TERMS_ADMIN_ONLY } from '@bo/shared';
import type { CustomerFormField, CustomerFormValues } from './customer-form';
import { CUSTOMERS_TEXT } from './customers-config';

interface CreditTermsFieldsProps {
  values: CustomerFormValues;
  onChange: (field: 'creditLimit' | 'paymentTermsDays', value: string) => void;
  errors: Partial<Record<CustomerFormField, string>>;
  disabled: boolean;
  /** Not an ADMIN: the limit and terms decide which orders are held, so others only read them. */
  locked: boolean;
}

/** Edit Customer's credit limit and payment terms (issue 23): an ADMIN's to change, like the available credit. */
export default function CreditTermsFields({ values, onChange, errors, disabled, locked }: CreditTermsFieldsProps) {
  const field = (
    name: 'creditLimit' | 'paymentTermsDays',
    label: string,
    hint: string,
    input: { step: number; inputMode: 'decimal' | 'numeric'; placeholder?: string },
  ) => (
    <FormField label={label} description={locked ? CREDIT_TERMS_ADMIN_ONLY : hint} errorText={errors[name]} stretch>
      <Input
        value={values[name]}
        onChange={({ detail }) => onChange(name, detail.value)}
        type="number"
        step={input.step}
        inputMode={input.inputMode}
        placeholder={input.placeholder}
        ariaLabel={label}
        disabled={disabled || locked}
        invalid={!!errors[name]}
      />
    </FormField>
  );
  return (
    <>
      {field('creditLimit', 'Credit limit ($)', CUSTOMERS_TEXT.creditLimitHint, {
        step: 0.01,
        inputMode: 'decimal',
        placeholder: 'No limit',
      })}
      {field('paymentTermsDays', 'Payment terms (days)', CUSTOMERS_TEXT.paymentTermsHint, {
        step: 1,
        inputMode: 'numeric',
      })}
    </>
  );
}
