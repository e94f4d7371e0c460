/** What is wrong with one value of a request (a field of a form, a value in an IPC payload). */
export const input = {
  missing: 'This value is missing.',
  breaksRule: "This value breaks the gateway's rule: {{rule}}.",
  notAccepted: 'This value is not accepted ({{reason}}).',
} as const;
