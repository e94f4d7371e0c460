export function DayField(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (day: string) => void;
  readonly error: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      {props.error && (
        <div id={`${props.id}-error`} className="field-error" role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}
