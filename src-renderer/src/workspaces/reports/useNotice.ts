// The Reports page's line of feedback (copied, exported, or why not): each message shows for five
// seconds, a newer one replacing it.
import { useCallback, useEffect, useRef, useState } from 'react';

export type NoticeKind = 'ok' | 'error';

export function useNotice(): [notice: { text: string; kind: NoticeKind } | null, say: (text: string, kind: NoticeKind) => void] {
  const [notice, setNotice] = useState<{ text: string; kind: NoticeKind } | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const say = useCallback((text: string, kind: NoticeKind) => {
    clearTimeout(noticeTimer.current);
    setNotice({ text, kind });
    noticeTimer.current = setTimeout(() => setNotice(null), 5000);
  }, []);
  return [notice, say];
}
