import { useState } from 'react';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { periodKey, type PeriodRef } from '@bo/shared';
import { useModals } from '../../modals/context';
import PayrollPeriodTable from './PayrollPeriodTable';
import PeriodPicker from './PeriodPicker';
import { currentPeriod } from './payroll-routes';
import './payroll.css';

/** Payroll (`/payroll`, PAYROLL and ADMIN): a pay period picker over the period's table. */
export default function PayrollPage() {
  const [period, setPeriod] = useState<PeriodRef>(() => currentPeriod());
  const [dirty, setDirty] = useState(false);
  const { openModal } = useModals();
  const choose = (next: PeriodRef) => {
    if (!dirty) return setPeriod(next);
    openModal('Confirmation', {
      title: 'Unsaved changes',
      message: 'The rows of this pay period have unsaved changes. Discard them and open another period?',
      confirmLabel: 'Discard changes',
      cancelLabel: 'Stay',
      onConfirm: () => {
        setDirty(false);
        setPeriod(next);
      },
    });
  };
  return (
    <ContentLayout header={<Header variant="h1">Payroll</Header>}>
      <SpaceBetween size="l">
        <Container>
          <PeriodPicker value={period} onChange={choose} />
        </Container>
        <PayrollPeriodTable key={periodKey(period)} period={period} onDirtyChange={setDirty} />
      </SpaceBetween>
    </ContentLayout>
  );
}
