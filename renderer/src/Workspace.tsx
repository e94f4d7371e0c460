/** The open workspace's screen, by its id; a workspace without a screen yet says it comes with the next release. */
import { type WorkspaceId } from './app/uiStore';
import { AuditWorkspace } from './features/audit/AuditWorkspace';
import { CardsWorkspace } from './features/cards/CardsWorkspace';
import { ChargesWorkspace } from './features/charges/ChargesWorkspace';
import { CustomersWorkspace } from './features/customers/CustomersWorkspace';
import { KeysWorkspace } from './features/keys/KeysWorkspace';
import { OrdersWorkspace } from './features/orders/OrdersWorkspace';
import { ReconciliationWorkspace } from './features/reconciliation/ReconciliationWorkspace';
import { SettingsWorkspace } from './features/settings/SettingsWorkspace';
import { Upcoming } from './features/upcoming/Upcoming';

export function Workspace({ id }: { readonly id: WorkspaceId }) {
  switch (id) {
    case 'orders':
      return <OrdersWorkspace />;
    case 'settings':
      return <SettingsWorkspace />;
    case 'cards':
      return <CardsWorkspace />;
    case 'charges':
      return <ChargesWorkspace />;
    case 'keys':
      return <KeysWorkspace />;
    case 'audit':
      return <AuditWorkspace />;
    case 'reconciliation':
      return <ReconciliationWorkspace />;
    case 'customers':
      return <CustomersWorkspace />;
    default:
      return <Upcoming workspace={id} />;
  }
}
