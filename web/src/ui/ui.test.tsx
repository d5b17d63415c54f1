import { LIMITS, MESSAGES, OTHER_TOWN_OPTION } from '@mboa/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../pages/MyListings.js';
import { ImagePicker } from '../post/ImagePicker.js';
import { PriceSummary } from '../post/PriceSummary.js';
import type { PickedImage } from '../post/wizard.js';
// Starts the app's texts in English, as the app's own tests render.
import '../test/utils.js';
import { StatusBadge } from './StatusBadge.js';
import { toastDuration } from './toast.js';
import { TownSelect } from './TownSelect.js';

describe('StatusBadge', () => {
  it.each([
    ['available', 'green', 'Available'],
    ['rented', 'yellow', 'Rented'],
    ['Rented', 'yellow', 'Rented'],
    ['deactivated', 'red', 'Deactivated'],
    ['pending', 'gray', 'pending'],
    ['', 'gray', ''],
  ])('%s is %s', (status, color, label) => {
    const { container } = render(<StatusBadge status={status} />);
    const badge = container.querySelector('.badge')!;
    expect(badge.getAttribute('data-color')).toBe(color);
    expect(badge.className).toContain(`badge-${color}`);
    expect(badge.textContent).toBe(label);
  });
});

describe('PriceSummary', () => {
  it('totals what a renter pays to move in, as the details page does: the caution on every term', () => {
    const { rerender } = render(<PriceSummary price="50000" caution="100000" paymentTerm="monthly" />);
    expect(screen.getByText(MESSAGES.ui.totalInitialPayment)).toBeInTheDocument();
    expect(screen.getByTestId('summary-price').textContent).toBe('50,000 FCFA/month');
    expect(screen.getByTestId('summary-total').textContent).toBe('150,000 FCFA');
    expect(screen.queryByTestId('summary-advance')).toBeNull();
    rerender(<PriceSummary price="600000" caution="100000" paymentTerm="yearly" />);
    expect(screen.getByTestId('summary-price').textContent).toBe('600,000 FCFA/year');
    expect(screen.getByTestId('summary-total').textContent).toBe('700,000 FCFA');
    rerender(<PriceSummary price="5000" caution="" paymentTerm="daily" />);
    expect(screen.getByTestId('summary-total').textContent).toBe('5,000 FCFA');
  });

  it('shows the advance, which covers the first months rather than adding to them', () => {
    const { rerender } = render(<PriceSummary price="50000" caution="100000" advanceMonths="6" paymentTerm="monthly" />);
    expect(screen.getByText('Advance (6 months)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-advance').textContent).toBe('300,000 FCFA');
    expect(screen.getByTestId('summary-total').textContent).toBe('400,000 FCFA');
    // A year's rent already covers 3 months of advance.
    rerender(<PriceSummary price="600000" caution="100000" advanceMonths="3" paymentTerm="yearly" />);
    expect(screen.getByTestId('summary-advance').textContent).toBe('150,000 FCFA');
    expect(screen.getByTestId('summary-total').textContent).toBe('700,000 FCFA');
  });
});

describe('Pagination', () => {
  it('reads "Showing X to Y of Z" and disables the ends', () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pagination page={1} limit={5} total={23} onPage={onPage} />);
    expect(screen.getByTestId('pagination-text').textContent).toBe('Showing 1 to 5 of 23');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<Pagination page={5} limit={5} total={23} onPage={onPage} />);
    expect(screen.getByTestId('pagination-text').textContent).toBe('Showing 21 to 23 of 23');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(<Pagination page={2} limit={10} total={23} onPage={onPage} />);
    expect(screen.getByTestId('pagination-text').textContent).toBe('Showing 11 to 20 of 23');
  });
});

function TownHarness({ onValue }: { onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TownSelect
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('TownSelect', () => {
  it('offers at most 10 matching towns plus Other', async () => {
    const u = userEvent.setup();
    render(<TownHarness onValue={() => {}} />);
    await u.click(screen.getByRole('combobox'));
    let options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(LIMITS.townSuggestions + 1);
    expect(options.at(-1)).toBe(OTHER_TOWN_OPTION);
    await u.type(screen.getByRole('combobox'), 'ba');
    options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options.length).toBeLessThanOrEqual(11);
    expect(options[0]).toBe('Bafang');
    expect(options.at(-1)).toBe(OTHER_TOWN_OPTION);
    await u.clear(screen.getByRole('combobox'));
    await u.type(screen.getByRole('combobox'), 'yaou');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Yaounde', OTHER_TOWN_OPTION]);
  });

  it('lets Other take a town that is not in the list', async () => {
    const u = userEvent.setup();
    const onValue = vi.fn();
    render(<TownHarness onValue={onValue} />);
    await u.type(screen.getByRole('combobox'), 'zzz');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([OTHER_TOWN_OPTION]);
    await u.click(screen.getByRole('option', { name: OTHER_TOWN_OPTION }));
    await u.type(screen.getByLabelText('Your town'), 'Bonaberi');
    expect(onValue).toHaveBeenLastCalledWith('Bonaberi');
  });

  it('selects with the keyboard', async () => {
    const u = userEvent.setup();
    const onValue = vi.fn();
    render(<TownHarness onValue={onValue} />);
    await u.type(screen.getByRole('combobox'), 'lim');
    await u.keyboard('{Enter}');
    expect(onValue).toHaveBeenLastCalledWith('Limbe');
  });
});

describe('ImagePicker', () => {
  const jpeg = (i: number) => new File([new Uint8Array(10)], `p${i}.jpg`, { type: 'image/jpeg' });

  function Harness({ compress }: { compress: (f: File) => Promise<File> }) {
    const [images, setImages] = useState<PickedImage[]>([]);
    return <ImagePicker images={images} onChange={setImages} compress={compress} />;
  }

  it('compresses each photo, shows previews, removes one, and stops at 10', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const compress = vi.fn(async (f: File) => new File(['small'], f.name.replace('.jpg', '.webp'), { type: 'image/webp' }));
    const { container } = render(<Harness compress={compress} />);
    const input = screen.getByTestId<HTMLInputElement>('image-input');

    fireEvent.change(input, { target: { files: Array.from({ length: 8 }, (_, i) => jpeg(i)) } });
    await waitFor(() => expect(container.querySelectorAll('.previews li')).toHaveLength(8));
    expect(compress).toHaveBeenCalledTimes(8);
    expect(screen.getByText('8 of 10 photos')).toBeInTheDocument();

    fireEvent.change(input, { target: { files: Array.from({ length: 3 }, (_, i) => jpeg(10 + i)) } });
    await waitFor(() => expect(container.querySelectorAll('.previews li')).toHaveLength(10));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.property.maxImages);
    expect(input).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(container.querySelectorAll('.previews li')).toHaveLength(9);
    expect(input).toBeEnabled();
    expect(screen.getByText(MESSAGES.property.imageHint)).toBeInTheDocument();
  });

  it('refuses files that are not images', async () => {
    const compress = vi.fn(async (f: File) => f);
    render(<Harness compress={compress} />);
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.property.imageTypeNotAllowed);
    expect(compress).not.toHaveBeenCalled();
  });
});

describe('toasts', () => {
  it('last 3000 ms, errors 5000 ms', () => {
    expect(toastDuration('success')).toBe(3000);
    expect(toastDuration('info')).toBe(3000);
    expect(toastDuration('warning')).toBe(3000);
    expect(toastDuration('error')).toBe(5000);
    expect(toastDuration('failed')).toBe(5000);
  });
});
