import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { MessagePage } from './message-page';

export function NotFound({ home = '/' }: { home?: string }) {
  const navigate = useNavigate();
  return (
    <MessagePage
      title="Page not found"
      description="The page you are looking for does not exist or has moved."
      action={
        <Button type="primary" onClick={() => navigate(home)}>
          Go back home
        </Button>
      }
    />
  );
}
