import { render, screen, within } from '@testing-library/react';
import { DataTable, type DataColumn } from './data-table';

interface Request {
  id: string;
  day: string;
  pending: boolean;
}

const columns: DataColumn<Request>[] = [
  { id: 'day', header: 'Day worked', text: (r) => r.day, cell: (r) => r.day },
  { id: 'actions', header: 'Actions', cell: (r) => r.pending && <button type="button">Withdraw</button> },
];

const ROWS: Request[] = [
  { id: 'a', day: '2026-11-22', pending: true },
  { id: 'b', day: '2026-11-15', pending: false },
];

// jsdom lays nothing out: a phone's width makes the table its cards.
let width: PropertyDescriptor | undefined;
beforeAll(() => {
  width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 358 });
});
afterAll(() => {
  if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
});

test("a card shows each column's name beside its value, and no name where the row has nothing", () => {
  render(
    <>
      <h2 id="t">My comp-off requests</h2>
      <DataTable rows={ROWS} columns={columns} rowKey={(r) => r.id} labelledBy="t" regionLabel="My comp-off requests, table" />
    </>,
  );
  const [, pending, withdrawn] = screen.getAllByRole('row');
  expect(pending!.closest('table')).toHaveClass('data-table--stacked');
  expect(within(pending!).getByText('Actions')).toBeInTheDocument();
  expect(within(pending!).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  expect(within(withdrawn!).getByText('Day worked')).toBeInTheDocument();
  expect(within(withdrawn!).queryByText('Actions')).toBeNull();
  // The cell stays (the row keeps its columns for assistive tech), empty so the card hides it.
  expect(within(withdrawn!).getAllByRole('cell')[1]).toBeEmptyDOMElement();
});
