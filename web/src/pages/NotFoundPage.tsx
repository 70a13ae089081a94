import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate } from 'react-router-dom';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <ContentLayout header={<Header variant="h1">Page not found</Header>}>
      <Container>
        <SpaceBetween size="m">
          <Box variant="p">There is no page at this address. It may have moved, or it is not available yet.</Box>
          <Button variant="primary" onClick={() => void navigate('/')}>
            Go to the home page
          </Button>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
