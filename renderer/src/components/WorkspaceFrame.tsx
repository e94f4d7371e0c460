import { useId, type ReactNode } from 'react';

/**
 * A workspace's page: its title, the page's one first-level heading, with what acts on the whole workspace
 * beside it (`tools`: buttons, tabs), and under them its content.
 */
export function WorkspaceFrame({
  title,
  className,
  tools,
  children,
}: {
  readonly title: string;
  /** Classes beside "workspace". */
  readonly className?: string;
  readonly tools?: ReactNode;
  readonly children: ReactNode;
}) {
  const id = `${useId()}-title`;
  return (
    <section className={`workspace${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <div className="workspace-head">
        <h1 id={id}>{title}</h1>
        {tools}
      </div>
      {children}
    </section>
  );
}
