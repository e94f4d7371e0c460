import { ROLES, type Role } from '../../../../main/ipc/contract';
import { SelectField } from '../../components/SelectField';
import { ROLE_LABELS, ROLE_WORDS } from '../session/access';

/** A person's role, chosen by its name, with what it may do said under it. */
export function RoleField({
  value,
  onChange,
  label,
}: {
  readonly value: Role;
  readonly onChange: (role: Role) => void;
  readonly label: string;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value as Role)} hint={ROLE_WORDS[value]}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </SelectField>
  );
}
