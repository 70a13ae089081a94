import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  ALL_ROLES_OPTION,
  EMAIL_CHANGE_REFUSAL,
  expandRoleSelection,
  ROLE_LABELS,
  ROLES,
  USER_FIELD_LABELS,
  type Role,
} from '@bo/shared';
import { AssignmentFields } from './AssignmentFields';
import { imageSrc } from '../safe-links';
import type { UserFormField, UserFormValues } from './user-form';
import './user-fields.css';

const ROLE_OPTIONS: MultiselectProps.Option[] = [
  { label: 'All roles', value: ALL_ROLES_OPTION, description: 'Selects every role' },
  ...ROLES.map((role) => ({ label: ROLE_LABELS[role], value: role })),
];

export function RoleBadges({ roles }: { roles: readonly Role[] }) {
  if (roles.length === 0) return <Box color="text-status-inactive">No roles</Box>;
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      {roles.map((role) => (
        <Badge key={role} color={role === 'ADMIN' ? 'blue' : 'grey'}>
          {ROLE_LABELS[role]}
        </Badge>
      ))}
    </SpaceBetween>
  );
}

interface RolesMultiselectProps {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  controlId?: string;
}

/** The roles multi-select: choosing 'All roles' selects every role (shared `expandRoleSelection`). */
export function RolesMultiselect({ value, onChange, disabled, invalid, controlId }: RolesMultiselectProps) {
  return (
    <Multiselect
      controlId={controlId}
      options={ROLE_OPTIONS}
      selectedOptions={ROLE_OPTIONS.filter((o) => o.value !== ALL_ROLES_OPTION && value.includes(o.value as Role))}
      onChange={({ detail }) => onChange(expandRoleSelection(detail.selectedOptions.map((o) => o.value ?? '')))}
      placeholder="Choose roles"
      disabled={disabled}
      invalid={invalid}
      keepOpen
      deselectAriaLabel={(option) => `Remove ${option.label ?? ''}`}
    />
  );
}

export function AvatarPreview({ url, name }: { url: string | undefined; name: string }) {
  const src = imageSrc(url);
  if (!src) return null;
  return <img className="bo-avatar" src={src} alt={`Avatar of ${name}`} width={48} height={48} />;
}

export interface UserFieldsProps {
  values: UserFormValues;
  onChange: <F extends UserFormField>(field: F, value: UserFormValues[F]) => void;
  /** Shows the values as read-only inputs (the profile editor before Edit). */
  readOnly?: boolean;
  disabled?: boolean;
  /** Only ADMIN edits roles, assignments and emails; others see roles as badges and assignments as names. */
  canEditRoles: boolean;
  /** Assigned brands and customers: pickers in ADMIN's EditUser dialog, names in one's own profile. */
  assignments?: 'edit' | 'view';
  errors?: Partial<Record<UserFormField, string>>;
}

/** Name, email, title, avatar and roles of a user profile, laid out in two columns. */
export function UserFields({
  values,
  onChange,
  readOnly = false,
  disabled = false,
  canEditRoles,
  assignments,
  errors = {},
}: UserFieldsProps) {
  // The email is the sign-in name: only an admin changes it (shared `checkUserChanges`, enforced by the API).
  const locked = (field: string) => field === 'email' && !canEditRoles;
  const text = (field: 'name' | 'email' | 'title' | 'avatar', type: 'text' | 'email' | 'url' = 'text') => (
    <FormField
      label={USER_FIELD_LABELS[field]}
      errorText={errors[field]}
      description={!readOnly && locked(field) ? EMAIL_CHANGE_REFUSAL : undefined}
      stretch
    >
      <Input
        type={type}
        value={values[field]}
        readOnly={readOnly || locked(field)}
        disabled={disabled}
        autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'off'}
        placeholder={readOnly ? undefined : field === 'avatar' ? 'https://…' : undefined}
        onChange={({ detail }) => onChange(field, detail.value)}
      />
    </FormField>
  );

  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        {text('name')}
        {text('email', 'email')}
        {text('title')}
        <SpaceBetween size="xs">
          {text('avatar', 'url')}
          <AvatarPreview url={values.avatar} name={values.name} />
        </SpaceBetween>
      </ColumnLayout>
      <FormField
        label="Roles"
        errorText={errors.role}
        description={!readOnly && canEditRoles ? "Choose 'All roles' to select every role." : undefined}
      >
        {!readOnly && canEditRoles ? (
          <RolesMultiselect
            value={values.role}
            onChange={(roles) => onChange('role', roles)}
            disabled={disabled}
            invalid={!!errors.role}
          />
        ) : (
          <RoleBadges roles={values.role} />
        )}
      </FormField>
      {assignments && (
        <AssignmentFields
          userBrands={values.userBrands ?? []}
          userCustomers={values.userCustomers ?? []}
          onChange={(field, ids) => onChange(field, ids)}
          canEdit={assignments === 'edit' && !readOnly}
          disabled={disabled}
        />
      )}
    </SpaceBetween>
  );
}
