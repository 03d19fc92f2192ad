/** Profile: avatar upload, nickname (2-10) and signature (2-30), account facts. */
import { Form, Input, List, TextArea } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { Avatar } from '../../../components/Avatar';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageShell } from '../../../components/PageShell';
import { SubmitButton } from '../../../components/SubmitButton';
import { useGetUserInfoQuery } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';
import { formatDateTime, maskAccount } from '../../../lib/format';
import { ruleOf } from '../../../lib/formRules';
import { selectUser } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { checkNickname, checkSignature, isEmpty } from '../../../lib/validators';
import { useEditProfileMutation, useSetHeadPortraitMutation, useUploadMutation } from '../api';

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

interface ProfileValues {
  nickname: string;
  signature: string;
}

export default function UserInfoPage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const { isLoading } = useGetUserInfoQuery();
  const [form] = Form.useForm<ProfileValues>();
  const [editProfile, { isLoading: saving }] = useEditProfileMutation();
  const [upload] = useUploadMutation();
  const [setHeadPortrait] = useSetHeadPortraitMutation();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!PICTURE_TYPES.includes(file.type)) {
      showToast(t('userInfo.pictureType'));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      showToast(t('userInfo.pictureSize'));
      return;
    }
    setUploading(true);
    try {
      const address = await upload(file).unwrap();
      await setHeadPortrait(address).unwrap();
      showToast(t('userInfo.avatarSaved'), 'success');
    } catch {
      // Told by the base query.
    } finally {
      setUploading(false);
    }
  };

  const onFinish = async (values: ProfileValues) => {
    const nickname = values.nickname.trim();
    const signature = values.signature.trim();
    const changes: { nickname?: string; signature?: string } = {};
    if (nickname && nickname !== (user?.nickname ?? '')) changes.nickname = nickname;
    if (signature && signature !== (user?.signature ?? '')) changes.signature = signature;
    if (!changes.nickname && !changes.signature) {
      showToast(t('userInfo.nothingChanged'));
      return;
    }
    try {
      await editProfile(changes).unwrap();
      showToast(t('userInfo.saved'), 'success');
    } catch {
      // Told by the base query; the form keeps what was typed.
    }
  };

  if (!user && isLoading) {
    return (
      <PageShell backTo={ROUTES.setting}>
        <LoadingBlock lines={6} />
      </PageShell>
    );
  }

  return (
    <PageShell backTo={ROUTES.setting}>
      <div className="userinfo-head">
        <button
          type="button"
          className="avatar-edit"
          onClick={() => fileInput.current?.click()}
          disabled={uploading}
          aria-label={t('userInfo.changeAvatar')}
          data-testid="avatar-edit"
        >
          <Avatar src={user?.head_portrait} size={76} />
          <span className="avatar-badge">
            <CameraOutline />
          </span>
        </button>
        <input ref={fileInput} type="file" accept={PICTURE_TYPES.join(',')} hidden onChange={onFile} data-testid="avatar-file" />
        <div className="userinfo-name ellipsis" data-testid="userinfo-nickname">
          {user?.nickname || t('setting.noNickname')}
        </div>
        <div className="userinfo-signature">{user?.signature || t('userInfo.noSignature')}</div>
        <div className="hint">{uploading ? t('userInfo.uploading') : t('userInfo.avatarHint')}</div>
      </div>

      <Form
        form={form}
        layout="vertical"
        className="dark-form"
        initialValues={{ nickname: user?.nickname ?? '', signature: user?.signature ?? '' }}
        onFinish={onFinish}
        validateTrigger="onBlur"
        footer={
          <SubmitButton busy={saving} testId="profile-save">
            {t('common.save')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="nickname"
          label={t('userInfo.nickname')}
          rules={[ruleOf(t, (v) => (isEmpty(v) ? null : checkNickname(v.trim())))]}
        >
          <Input placeholder={t('userInfo.nicknamePlaceholder')} maxLength={10} clearable data-testid="nickname-input" />
        </Form.Item>
        <Form.Item
          name="signature"
          label={t('userInfo.signature')}
          rules={[ruleOf(t, (v) => (isEmpty(v) ? null : checkSignature(v.trim())))]}
        >
          <TextArea placeholder={t('userInfo.signaturePlaceholder')} maxLength={30} showCount rows={2} />
        </Form.Item>
      </Form>

      <List className="card-list" header={t('userInfo.accountInfo')}>
        <List.Item extra={<span className="list-extra">{maskAccount(user?.account)}</span>} arrow={false}>
          {t('auth.account')}
        </List.Item>
        <List.Item extra={<span className="list-extra">{user?.id ?? '--'}</span>} arrow={false}>
          {t('userInfo.uid')}
        </List.Item>
        <List.Item extra={<span className="list-extra">{user?.invite_code ?? '--'}</span>} arrow={false}>
          {t('share.inviteCode')}
        </List.Item>
        <List.Item extra={<span className="list-extra">{user?.credit_score ?? '--'}</span>} arrow={false}>
          {t('userInfo.creditScore')}
        </List.Item>
        <List.Item extra={<span className="list-extra">{formatDateTime(user?.created_at)}</span>} arrow={false}>
          {t('userInfo.joined')}
        </List.Item>
      </List>
    </PageShell>
  );
}
