import { useEffect } from 'react';
import { notification } from 'antd';
import { TOAST_CONFIG, registerToastApi } from '../lib/toast';

/** Mounts antd's themed notification API and hands it to lib/toast (top right, 3 s). */
export function ToastHost() {
  const [api, holder] = notification.useNotification(TOAST_CONFIG);
  useEffect(() => {
    registerToastApi(api);
    return () => registerToastApi(null);
  }, [api]);
  return holder;
}
