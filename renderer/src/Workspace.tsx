/** The open workspace's screen, by its id: every workspace of the navigation has one. */
import type { ComponentType } from 'react';
import type { WorkspaceId } from './app/uiStore';
import { ApprovalsWorkspace } from './features/approvals/ApprovalsWorkspace';
import { AuditWorkspace } from './features/audit/AuditWorkspace';
import { CardsWorkspace } from './features/cards/CardsWorkspace';
import { ChargesWorkspace } from './features/charges/ChargesWorkspace';
import { CustomersWorkspace } from './features/customers/CustomersWorkspace';
import { KeysWorkspace } from './features/keys/KeysWorkspace';
import { PeopleWorkspace } from './features/people/PeopleWorkspace';
import { OrdersWorkspace } from './features/orders/OrdersWorkspace';
import { ReconciliationWorkspace } from './features/reconciliation/ReconciliationWorkspace';
import { SettingsWorkspace } from './features/settings/SettingsWorkspace';

const SCREENS: Readonly<Record<WorkspaceId, ComponentType>> = {
  orders: OrdersWorkspace,
  cards: CardsWorkspace,
  charges: ChargesWorkspace,
  keys: KeysWorkspace,
  audit: AuditWorkspace,
  settings: SettingsWorkspace,
  reconciliation: ReconciliationWorkspace,
  customers: CustomersWorkspace,
  people: PeopleWorkspace,
  approvals: ApprovalsWorkspace,
};

export function Workspace({ id }: { readonly id: WorkspaceId }) {
  const Screen = SCREENS[id];
  return <Screen />;
}
