import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useModals } from '../modals/context';
import ProductImage from './ProductImage';

export interface ImageFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  disabled?: boolean;
  alt: string;
  errorText?: string;
  /** The preview's side in px. */
  size?: number;
}

/** An image field of a form (brand, type, product, customer): a preview, 'Choose image' (the ImageSelection dialog) and 'Remove image'. */
export default function ImageField({ label, value, onChange, disabled, alt, errorText, size = 56 }: ImageFieldProps) {
  const { openModal } = useModals();
  return (
    <FormField label={label} errorText={errorText} constraintText="Optional">
      <SpaceBetween direction="horizontal" size="s" alignItems="center">
        <ProductImage src={value || undefined} alt={alt} size={size} />
        <Button
          formAction="none"
          disabled={disabled}
          onClick={() =>
            openModal('ImageSelection', { bucket: 'images', selected: value || undefined, onSelect: onChange })
          }
        >
          {value ? 'Change image' : 'Choose image'}
        </Button>
        {/* Not `value && …`: an empty value would be an empty string, a child SpaceBetween cannot key. */}
        {value ? (
          <Button formAction="none" variant="link" disabled={disabled} onClick={() => onChange('')}>
            Remove image
          </Button>
        ) : null}
      </SpaceBetween>
    </FormField>
  );
}
