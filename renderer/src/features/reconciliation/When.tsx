/** A moment in the report, marked up with its instant. */
export function When({ at, children }: { readonly at: number; readonly children?: React.ReactNode }) {
  return <time dateTime={new Date(at).toISOString()}>{children}</time>;
}
