import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_OWNER_MESSAGES,
  CREDIT_ADJUSTMENT_MESSAGES,
  canAdjustCreditByHand,
  canChangeAccountOwner,
  creditAdjustmentRefusal,
  toCents,
  type Customer,
} from '@bo/shared';
import { apiCall, errorMessage, isApiError } from '../../api/client';
import { invalidateRoutes, useApiMutation, useApiQuery } from '../../api/hooks';
import ImageField from '../../components/ImageField';
import { useSession } from '../../auth/session';
import FormShell from '../../components/FormShell';
import { formatMoney } from '../../format/money';
import { useNotifications } from '../../notifications/notifications';
import {
  customerChanges,
  EMPTY_CUSTOMER_FORM,
  formFromCustomer,
  validateChanges,
  validateNew,
  type CustomerFormField,
  type CustomerFormValues,
} from './customer-form';
import CreditTermsFields from './CreditTermsFields';
import { COMMPREF_OPTIONS, CUSTOMERS_TEXT, ORDER_TYPE_OPTIONS, TYPE_OPTIONS } from './customers-config';

export interface AddCustomerModalProps {
  onCreated?: (customer: Customer) => void;
}
export interface EditCustomerModalProps {
  customerId: string;
  /** Shown while the customer loads. */
  customerName?: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    AddCustomer: AddCustomerModalProps;
    EditCustomer: EditCustomerModalProps;
  }
}

type Errors = Partial<Record<CustomerFormField, string>>;
const INVALIDATES = ['customers.getAll', 'customers.getByID', 'customers.getAllWithCustomPricing'] as const;
const NO_OWNER_OPTION: SelectProps.Option = { value: '', label: 'No account owner' };

interface FieldsProps {
  values: CustomerFormValues;
  onChange: <K extends CustomerFormField>(field: K, value: CustomerFormValues[K]) => void;
  errors: Errors;
  disabled: boolean;
  /** The saved customer when editing: credit and the telegram access code appear. */
  editing?: Customer;
}

/** Telegram access code with a refresh button ('Access code refreshed!' / 'Error refreshing access code'). */
function AccessCode({ customer, disabled }: { customer: Customer; disabled: boolean }) {
  const [code, setCode] = useState(customer.tgAccessCode ?? '');
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'error'>('idle');
  const queryClient = useQueryClient();
  const refresh = async () => {
    setState('busy');
    try {
      const result = await apiCall('customers.generateAccessCode', { params: { customerId: customer.id } });
      setCode(result.accessCode);
      setState('done');
      void invalidateRoutes(queryClient, ['customers.getByID']);
    } catch (error) {
      console.error('Access code refresh failed', error);
      setState('error');
    }
  };
  return (
    <FormField
      label="Telegram access code"
      description="The customer enters it in the Telegram bot to link their chat."
      stretch
    >
      <SpaceBetween size="xs">
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Input value={code} readOnly ariaLabel="Telegram access code" placeholder="None yet" />
          <Button
            formAction="none"
            iconName="refresh"
            ariaLabel="Refresh access code"
            loading={state === 'busy'}
            disabled={disabled}
            onClick={() => void refresh()}
          />
        </SpaceBetween>
        <div aria-live="polite">
          {state === 'done' && <StatusIndicator type="success">{CUSTOMERS_TEXT.accessCodeRefreshed}</StatusIndicator>}
          {state === 'error' && <StatusIndicator type="error">{CUSTOMERS_TEXT.accessCodeError}</StatusIndicator>}
        </div>
      </SpaceBetween>
    </FormField>
  );
}

/** The fields of Add New Customer and Edit Customer (spec sections 3 and 5). */
function CustomerFields({ values, onChange, errors, disabled, editing }: FieldsProps) {
  const { roles } = useSession();
  // Moving a customer to another owner moves whose commission its orders earn: an ADMIN's decision.
  const ownerLocked = Boolean(editing) && !canChangeAccountOwner(roles);
  // Credit moves with payments, credit notes and refunds; typing a figure is an ADMIN's adjustment, with a why.
  const creditLocked = !canAdjustCreditByHand(roles);
  const creditChanged = Boolean(editing) && 'creditAvailable' in customerChanges(editing!, values);
  const users = useApiQuery('users.getAll', {});
  const owners = [...(users.data?.res ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
  const ownerOptions: SelectProps.Option[] = [NO_OWNER_OPTION, ...owners.map((u) => ({ value: u.id, label: u.name }))];
  const pick = (options: SelectProps.Option[], value: string) => options.find((o) => o.value === value) ?? null;

  const text = (
    field: CustomerFormField,
    label: string,
    opts: { type?: InputProps.Type; required?: boolean; placeholder?: string; inputMode?: InputProps.InputMode } = {},
  ) => (
    <FormField label={opts.required ? `${label}*` : label} errorText={errors[field]} stretch>
      <Input
        value={values[field] as string}
        onChange={({ detail }) => onChange(field, detail.value as never)}
        disabled={disabled}
        type={opts.type}
        inputMode={opts.inputMode}
        placeholder={opts.placeholder}
        ariaRequired={opts.required}
        ariaLabel={label}
        invalid={!!errors[field]}
      />
    </FormField>
  );

  /** A picker that never allows an empty choice (spec section 5). */
  const picker = <K extends 'type' | 'commpref' | 'orderType'>(
    field: K,
    label: string,
    options: SelectProps.Option[],
  ) => (
    <FormField label={label} errorText={errors[field]} stretch>
      <Select
        selectedOption={pick(options, values[field])}
        options={options}
        onChange={({ detail }) =>
          detail.selectedOption.value && onChange(field, detail.selectedOption.value as CustomerFormValues[K])
        }
        ariaLabel={label}
        disabled={disabled}
      />
    </FormField>
  );

  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        {text('customerName', 'Customer name', { required: true })}
        {picker('type', 'Customer type', TYPE_OPTIONS)}
        {text('contactName', 'Contact name')}
        {picker('commpref', 'Preferred contact', COMMPREF_OPTIONS)}
        {text('contactEmail', 'Email', { type: 'email' })}
        {text('contactPhone', 'Phone', { inputMode: 'tel' })}
        {text('contactTelegram', 'Telegram', { placeholder: '@handle' })}
        {picker('orderType', 'Order type', ORDER_TYPE_OPTIONS)}
        {text('address', 'Address')}
        {text('website', 'Website', { placeholder: 'https://…' })}
        <FormField
          label="Account owner"
          description={ownerLocked ? ACCOUNT_OWNER_MESSAGES.adminOnly : undefined}
          errorText={errors.accountOwnerID}
          stretch
        >
          <Select
            selectedOption={pick(ownerOptions, values.accountOwnerID)}
            options={ownerOptions}
            onChange={({ detail }) => onChange('accountOwnerID', detail.selectedOption.value ?? '')}
            placeholder="Choose a user"
            ariaLabel="Account owner"
            filteringType="auto"
            disabled={disabled || ownerLocked}
            statusType={users.isPending ? 'loading' : users.isError ? 'error' : 'finished'}
            loadingText="Loading..."
            errorText={CUSTOMERS_TEXT.usersError}
          />
        </FormField>
        <FormField
          label="Price adjustment (%)"
          description="Stored with the customer; 0 for none."
          errorText={errors.priceAdjustment}
          stretch
        >
          <Input
            value={values.priceAdjustment}
            onChange={({ detail }) => onChange('priceAdjustment', detail.value)}
            type="number"
            inputMode="decimal"
            ariaLabel="Price adjustment (%)"
            disabled={disabled}
            invalid={!!errors.priceAdjustment}
          />
        </FormField>
        {editing && (
          <FormField
            label="Credit available ($)"
            description={creditLocked ? CREDIT_ADJUSTMENT_MESSAGES.adminOnly : undefined}
            errorText={errors.creditAvailable}
            stretch
          >
            <Input
              value={values.creditAvailable}
              onChange={({ detail }) => onChange('creditAvailable', detail.value)}
              type="number"
              step={0.01}
              inputMode="decimal"
              ariaLabel="Credit available ($)"
              disabled={disabled || creditLocked}
              invalid={!!errors.creditAvailable}
            />
          </FormField>
        )}
        {editing && creditChanged && (
          <FormField
            label="Why the credit changes*"
            description={`Kept in the change log beside ${formatMoney(editing.creditAvailable)} → the new figure.`}
            errorText={errors.creditNote}
            stretch
          >
            <Input
              value={values.creditNote}
              onChange={({ detail }) => onChange('creditNote', detail.value)}
              ariaLabel="Why the credit changes"
              ariaRequired
              disabled={disabled}
              invalid={!!errors.creditNote}
            />
          </FormField>
        )}
        {editing && (
          <CreditTermsFields
            values={values}
            onChange={onChange}
            errors={errors}
            disabled={disabled}
            locked={creditLocked}
          />
        )}
        {editing && <AccessCode customer={editing} disabled={disabled} />}
      </ColumnLayout>
      <FormField label="Notes" constraintText="Shift+Enter starts a new line." errorText={errors.notes} stretch>
        <Textarea
          value={values.notes}
          onChange={({ detail }) => onChange('notes', detail.value)}
          // Spec section 5: Enter without Shift is blocked in customer notes.
          onKeyDown={(event) => {
            if (event.detail.key === 'Enter' && !event.detail.shiftKey) event.preventDefault();
          }}
          rows={3}
          ariaLabel="Notes"
          disabled={disabled}
        />
      </FormField>
      <ImageField
        label="Image"
        value={values.image}
        onChange={(url) => onChange('image', url)}
        disabled={disabled}
        alt={values.customerName ? `Image of ${values.customerName}` : 'Customer image'}
        errorText={errors.image}
      />
      <SpaceBetween size="xxs">
        <Toggle
          checked={values.autoRefreshPricing}
          onChange={({ detail }) => onChange('autoRefreshPricing', detail.checked)}
          disabled={disabled}
        >
          Apply scheduled price refreshes automatically
        </Toggle>
        <Box variant="small" color="text-body-secondary" padding={{ left: 'xxxl' }}>
          The scheduled pricing refresh then updates this customer&apos;s prices by itself.
        </Box>
      </SpaceBetween>
    </SpaceBetween>
  );
}

const isDirty = (a: CustomerFormValues, b: CustomerFormValues) =>
  (Object.keys(a) as CustomerFormField[]).some((k) => a[k] !== b[k]);

/** Registry `AddCustomer`: 'Add New Customer' (name required; EMAIL, RETAIL, DELIVERY, 0 by default). */
export default function AddCustomerModal({ onCreated, onDismiss }: AddCustomerModalProps & { onDismiss: () => void }) {
  const notify = useNotifications();
  const session = useSession();
  // A salesperson adding a customer is its account owner unless they choose someone else.
  const [initial] = useState<CustomerFormValues>(() => ({
    ...EMPTY_CUSTOMER_FORM,
    accountOwnerID: session.roles.includes('SALES') ? session.userId : '',
  }));
  const [values, setValues] = useState<CustomerFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useApiMutation('customers.addNew', { invalidates: [...INVALIDATES] });

  const onChange = <K extends CustomerFormField>(field: K, value: CustomerFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest as Errors);
  };

  const save = () => {
    const result = validateNew(values);
    if (result.errors) return setErrors(result.errors);
    setErrors({});
    setFailure(null);
    create.mutate(
      { body: result.body },
      {
        onSuccess: (customer) => {
          notify.success(`Customer ${customer.customerName} added`);
          onCreated?.(customer);
          onDismiss();
        },
        onError: (error) => {
          console.error('Customer create failed', error);
          if (isApiError(error)) setErrors(error.fieldErrors() as Errors);
          setFailure(errorMessage(error, ''));
        },
      },
    );
  };

  return (
    <FormShell
      thing="customer"
      title={CUSTOMERS_TEXT.addTitle}
      dirty={isDirty(values, initial)}
      busy={create.isPending}
      canSave
      saveLabel="Add customer"
      failure={failure}
      onSave={save}
      onDismiss={onDismiss}
    >
      <CustomerFields values={values} onChange={onChange} errors={errors} disabled={create.isPending} />
    </FormShell>
  );
}

/** Registry `EditCustomer`: 'Edit Customer'; Save is enabled only with changes, and sends only those. */
export function EditCustomerModal({
  customerId,
  customerName,
  onDismiss,
}: EditCustomerModalProps & { onDismiss: () => void }) {
  const session = useSession();
  const notify = useNotifications();
  const query = useApiQuery('customers.getByID', { params: { id: customerId } });
  const customer = query.data;
  const [edited, setEdited] = useState<CustomerFormValues | null>(null);
  const values = edited ?? (customer ? formFromCustomer(customer) : null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useApiMutation('customers.update', { invalidates: [...INVALIDATES] });

  const changes = customer && values ? customerChanges(customer, values) : {};
  const hasChanges = Object.keys(changes).length > 0;

  const onChange = <K extends CustomerFormField>(field: K, value: CustomerFormValues[K]) => {
    setEdited((current) => ({ ...(current ?? values!), [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest as Errors);
  };

  const save = () => {
    if (!customer || !hasChanges) return;
    const result = validateChanges(changes);
    if (result.errors) return setErrors(result.errors);
    const { creditAvailable, creditNote } = result.body;
    const credit = creditAdjustmentRefusal(
      toCents(customer.creditAvailable),
      creditAvailable === undefined ? undefined : toCents(creditAvailable),
      creditNote,
      session.roles,
    );
    if (credit) return setErrors({ creditNote: credit.message });
    setErrors({});
    setFailure(null);
    update.mutate(
      { params: { id: customer.id }, body: result.body },
      {
        onSuccess: (saved) => {
          notify.success(`Customer ${saved.customerName} updated`);
          onDismiss();
        },
        onError: (error) => {
          console.error('Customer update failed', error);
          if (isApiError(error)) setErrors(error.fieldErrors() as Errors);
          setFailure(errorMessage(error, ''));
        },
      },
    );
  };

  return (
    <FormShell
      thing="customer"
      title={CUSTOMERS_TEXT.editTitle}
      dirty={hasChanges}
      busy={update.isPending}
      canSave={hasChanges}
      saveLabel="Save"
      failure={failure}
      onSave={save}
      onDismiss={onDismiss}
    >
      {!customer || !values ? (
        query.isPending ? (
          <StatusIndicator type="loading">Loading {customerName ?? 'customer'}...</StatusIndicator>
        ) : (
          <Alert
            type="error"
            statusIconAriaLabel="Error"
            action={
              <Button formAction="none" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            {CUSTOMERS_TEXT.error}
          </Alert>
        )
      ) : (
        <CustomerFields
          values={values}
          onChange={onChange}
          errors={errors}
          disabled={update.isPending}
          editing={customer}
        />
      )}
    </FormShell>
  );
}
