/** The application shell. The workspaces (orders, stored cards, charges, keys, audit) arrive with their issues. */
export function App() {
  return (
    <main style={{ font: '16px system-ui, sans-serif', padding: '2rem' }}>
      <h1>Gateway back office</h1>
      <p>Connected to the sandbox gateway. Workspaces arrive in the next releases.</p>
    </main>
  );
}
