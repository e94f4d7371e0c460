/** An order as the team's journals name it: its environment and the gateway's orderId. */
export interface OrderRef {
  readonly environment: string;
  readonly orderId: string;
}
