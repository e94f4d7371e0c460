/** The Charges workspace (being built): until its form lands, the card "Charge this card" picked. */
import { ChargeDraftNote } from '../cards/CardsWorkspace';
import { Upcoming } from '../upcoming/Upcoming';

export function ChargesWorkspace() {
  return (
    <>
      <Upcoming workspace="charges" />
      <ChargeDraftNote />
    </>
  );
}
