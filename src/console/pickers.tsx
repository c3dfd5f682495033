import type { Preset, Template } from './types';

interface PickerProps<T> {
  label: string;
  name: string;
  items: T[] | undefined;
  value: string;
  onChange: (value: string) => void;
  /** The first option's text: "choose…" when a pick is required, "none"/"any" when it is optional. */
  empty: string;
  required?: boolean;
}

/** A template by id; every page that names a template picks it this way. */
export function TemplatePicker(props: PickerProps<Template>) {
  return <Picker {...props} options={(props.items ?? []).map((t) => [String(t.id), `${t.name} (${t.fields.length} fields)`])} />;
}

/** A preset by id, labelled with its category. */
export function PresetPicker(props: PickerProps<Preset>) {
  return <Picker {...props} options={(props.items ?? []).map((p) => [p.id, `${p.category}: ${p.name}`])} />;
}

function Picker({ label, name, value, onChange, empty, required, options }: PickerProps<unknown> & { options: Array<[string, string]> }) {
  return (
    <label>{label}
      <select name={name} required={required} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{empty}</option>
        {options.map(([id, text]) => <option value={id}>{text}</option>)}
      </select>
    </label>
  );
}
