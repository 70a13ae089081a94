import { useState } from 'react';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { periodKey, type PeriodRef } from '@bo/shared';
import PayrollPeriodTable from './PayrollPeriodTable';
import PeriodPicker, { currentPeriod } from './PeriodPicker';
import './payroll.css';

/** Payroll (`/payroll`, PAYROLL and ADMIN): a pay period picker over the period's table. */
export default function PayrollPage() {
  const [period, setPeriod] = useState<PeriodRef>(() => currentPeriod());
  return (
    <ContentLayout header={<Header variant="h1">Payroll</Header>}>
      <SpaceBetween size="l">
        <Container>
          <PeriodPicker value={period} onChange={setPeriod} />
        </Container>
        <PayrollPeriodTable key={periodKey(period)} period={period} />
      </SpaceBetween>
    </ContentLayout>
  );
}
