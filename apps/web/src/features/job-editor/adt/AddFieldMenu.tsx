import { Button, Menu } from '@mantine/core';
import type { AdtItem } from '@quill/core/contract/adt/adt';
import { useTranslation } from 'react-i18next';
import { itemKey } from './adtDraft';

export interface AddFieldMenuProps {
  label: string;
  /** The optional empty fields, in their order. */
  addable: readonly AdtItem[];
  editable: boolean;
  onAdd: (key: string) => void;
}

/** Spec 02 §2 "Add Field" (and an order's Add Item): a menu of the optional empty fields. */
export function AddFieldMenu({ label, addable, editable, onAdd }: AddFieldMenuProps) {
  const { t } = useTranslation();
  return (
    // The focus goes to the added field, not back to the button.
    <Menu position="bottom-start" withinPortal returnFocus={false}>
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="default"
          data-add-field
          disabled={!editable || addable.length === 0}
          title={addable.length === 0 ? t('adtPanel.noFieldToAdd') : undefined}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={300} style={{ overflowY: 'auto' }}>
        {addable.map((item) => (
          <Menu.Item key={itemKey(item)} onClick={() => onAdd(itemKey(item))}>
            {item.displayName}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
