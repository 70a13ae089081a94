import { useState, type FormEvent } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage, isApiError } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { useNotifications } from '../../notifications/notifications';
import { ColorPicker } from './ColorPicker';
import { validateLocation, type LocationFormValues } from './locations-config';

const EMPTY: LocationFormValues = { name: '', color: '' };

/**
 * Add a location: name and color, both required. Add stays disabled until both are present; Enter in the
 * name field with something missing shows the missing field's message. The first location becomes the default.
 */
export function AddLocationForm() {
  const notify = useNotifications();
  const [values, setValues] = useState<LocationFormValues>(EMPTY);
  const [touched, setTouched] = useState({ name: false, color: false });
  const add = useApiMutation('orders.addLocation', { invalidates: ['orders.getLocations'] });
  const errors = validateLocation(values);
  const complete = values.name.trim() !== '' && values.color !== '';
  const serverError = add.error && isApiError(add.error) ? add.error : null;
  const nameTaken = serverError?.status === 409 ? serverError.message : undefined;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched({ name: true, color: true });
    if (!complete || Object.keys(errors).length > 0 || add.isPending) return;
    add.mutate(
      { body: { name: values.name.trim(), color: values.color } },
      {
        onSuccess: (location) => {
          notify.success(
            location.isDefault
              ? `Location ${location.name} added as the default location`
              : `Location ${location.name} added`,
          );
          setValues(EMPTY);
          setTouched({ name: false, color: false });
          add.reset();
        },
        onError: (error) => console.error('Adding a location failed', error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a location">
      <Form
        actions={
          <Button
            variant="primary"
            formAction="submit"
            disabled={!complete}
            disabledReason={!complete ? 'Enter a name and choose a color first' : undefined}
            loading={add.isPending}
          >
            Add location
          </Button>
        }
        errorText={
          add.error && !nameTaken ? errorMessage(add.error, 'The location was not added. Try again.') : undefined
        }
      >
        <Container header={<Header variant="h2">Add a location</Header>}>
          <SpaceBetween size="l">
            <FormField
              label="Location name"
              controlId="new-location-name"
              errorText={(touched.name && errors.name) || nameTaken}
              stretch={false}
            >
              <Input
                controlId="new-location-name"
                value={values.name}
                placeholder="e.g. Main Warehouse"
                autoComplete="off"
                disabled={add.isPending}
                invalid={(touched.name && !!errors.name) || !!nameTaken}
                onChange={({ detail }) => {
                  setValues((v) => ({ ...v, name: detail.value }));
                  if (nameTaken) add.reset();
                }}
                onBlur={() => values.name !== '' && setTouched((t) => ({ ...t, name: true }))}
                // Enter checks the form even while Add is disabled, so a missing field gets its message.
                onKeyDown={(event) => {
                  if (event.detail.key !== 'Enter') return;
                  event.preventDefault();
                  submit();
                }}
              />
            </FormField>
            <FormField
              label="Color"
              description="Pick one of the ten preset colors, or any color with the picker."
              errorText={touched.color ? errors.color : undefined}
            >
              <ColorPicker
                label="the new location"
                value={values.color}
                disabled={add.isPending}
                invalid={touched.color && !!errors.color}
                onChange={(color) => {
                  setValues((v) => ({ ...v, color }));
                  setTouched((t) => ({ ...t, color: true }));
                }}
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
