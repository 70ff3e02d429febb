"""Every template of ``templates/``, compiled by ``python -m chartgen.gen``; do not edit.

Each function is Jinja2's compiled form of one template and runs on chartgen.rendering.runtime.
"""
# mypy: ignore-errors
# fmt: off
from chartgen.rendering.runtime import LoopContext, TemplateRuntimeError, Undefined, internalcode, missing, str_join

environment = None



def t__db_client(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_unquoted = resolve('unquoted')
    l_0_names = resolve('names')
    l_0_secret_path = resolve('secret_path')
    l_0_cert_volumes = resolve('cert_volumes')
    l_0_host = l_0_cert_mounts = missing
    try:
        t_1 = environment.filters['gostring']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'gostring' found.")
    try:
        t_2 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_host = (context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'hostAddress')) if environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'hostAddress') else environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db_service'))
    context.vars['host'] = l_0_host
    context.exported_vars.add('host')
    l_0_cert_mounts = ([{'name': 'database-cert', 'mountPath': (undefined(name='secret_path') if l_0_secret_path is missing else l_0_secret_path), 'readOnly': True}] if environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'certResourceName') else [])
    context.vars['cert_mounts'] = l_0_cert_mounts
    context.exported_vars.add('cert_mounts')
    if (not environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'sslMode')):
        pass
        l_0_cert_volumes = []
        context.vars['cert_volumes'] = l_0_cert_volumes
        context.exported_vars.add('cert_volumes')
    elif (t_2(t_1(environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'resourceType'))) == 'configMap'):
        pass
        l_0_cert_volumes = [{'name': 'database-cert', 'configMap': {'name': context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'certResourceName'))}}]
        context.vars['cert_volumes'] = l_0_cert_volumes
        context.exported_vars.add('cert_volumes')
    else:
        pass
        l_0_cert_volumes = [{'name': 'database-cert', 'secret': {'secretName': context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'certResourceName'))}}]
        context.vars['cert_volumes'] = l_0_cert_volumes
        context.exported_vars.add('cert_volumes')


def t__genai_common(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_Release = resolve('Release')
    l_0_unquoted = resolve('unquoted')
    l_0_spec = l_0_app = l_0_labels = l_0_pvc_name = l_0_mount_path = l_0_metadata_config = l_0_queue_service = l_0_backend_service = l_0_master_scheme = missing
    pass
    l_0_spec = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai')
    context.vars['spec'] = l_0_spec
    context.exported_vars.add('spec')
    l_0_app = str_join(('genai-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), ))
    context.vars['app'] = l_0_app
    context.exported_vars.add('app')
    l_0_labels = {'app': (undefined(name='app') if l_0_app is missing else l_0_app), 'release': environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name')}
    context.vars['labels'] = l_0_labels
    context.exported_vars.add('labels')
    l_0_pvc_name = (context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'sharedPVCName')) if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'sharedPVCName') else str_join(('genai-pvc-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), )))
    context.vars['pvc_name'] = l_0_pvc_name
    context.exported_vars.add('pvc_name')
    l_0_mount_path = (context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'sharedFSMountPath')) if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'sharedFSMountPath') else '/run/determined/workdir/shared_fs')
    context.vars['mount_path'] = l_0_mount_path
    context.exported_vars.add('mount_path')
    l_0_metadata_config = str_join(('genai-resource-pool-metadata-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), ))
    context.vars['metadata_config'] = l_0_metadata_config
    context.exported_vars.add('metadata_config')
    l_0_queue_service = str_join(('genai-queue-service-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), ))
    context.vars['queue_service'] = l_0_queue_service
    context.exported_vars.add('queue_service')
    l_0_backend_service = str_join(('genai-backend-service-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), ))
    context.vars['backend_service'] = l_0_backend_service
    context.exported_vars.add('backend_service')
    l_0_master_scheme = ('https' if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'tlsSecret') and (not environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'useNodePortForMaster'))) else 'http')
    context.vars['master_scheme'] = l_0_master_scheme
    context.exported_vars.add('master_scheme')


def t__master(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_quoted = resolve('quoted')
    l_0_Values = resolve('Values')
    l_0_unquoted = resolve('unquoted')
    l_0_names = resolve('names')
    l_0_secret_path = resolve('secret_path')
    l_0_task = resolve('task')
    l_0_master_container_port = resolve('master_container_port')
    l_0_has = resolve('has')
    l_0_oidc = resolve('oidc')
    l_0_oidc_attributes = resolve('oidc_attributes')
    l_0_scim = resolve('scim')
    l_0_saml = resolve('saml')
    l_0_Release = resolve('Release')
    l_0_genai_backend = resolve('genai_backend')
    l_0_scheduler = resolve('scheduler')
    l_0_auth = resolve('auth')
    l_0_level = l_0_storage = l_0_db = l_0_password = l_0_sso_attributes = l_0_manager = l_0_namespace = l_0_defaults = l_0_images = l_0_logging = l_0_retention = missing
    try:
        t_1 = environment.filters['bare']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'bare' found.")
    try:
        t_2 = environment.filters['gostring']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'gostring' found.")
    try:
        t_3 = environment.filters['intext']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'intext' found.")
    try:
        t_4 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    try:
        t_5 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    try:
        t_6 = environment.tests['defined']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No test named 'defined' found.")
    try:
        t_7 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_level = context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'logLevel'))
    context.vars['level'] = l_0_level
    context.exported_vars.add('level')
    yield 'log:\n  level: '
    yield str(environment.finalize(('info' if t_7((undefined(name='level') if l_0_level is missing else l_0_level)) else (undefined(name='level') if l_0_level is missing else l_0_level))))
    yield '\n  color: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'logColor') or True))))
    yield '\n'
    l_0_storage = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'checkpointStorage')
    context.vars['storage'] = l_0_storage
    context.exported_vars.add('storage')
    yield 'checkpoint_storage:\n  type: '
    yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'type'))))
    yield '\n'
    if (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'type') == 'shared_fs'):
        pass
        yield '  host_path: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'hostPath'))))
        yield '\n'
    elif (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'type') == 'directory'):
        pass
        yield '  container_path: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'containerPath'))))
        yield '\n'
    elif (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'type') == 'gcs'):
        pass
        yield '  bucket: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'bucket'))))
        yield '\n  prefix: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'prefix'))))
        yield '\n'
    elif (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'type') == 's3'):
        pass
        yield '  bucket: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'bucket'))))
        yield '\n  access_key: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'accessKey'))))
        yield '\n  secret_key: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'secretKey'))))
        yield '\n  endpoint_url: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'endpointUrl'))))
        yield '\n  prefix: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'prefix'))))
        yield '\n'
    elif (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'type') == 'azure'):
        pass
        yield '  container: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'container'))))
        yield '\n  connection_string: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'connection_string'))))
        yield '\n  account_url: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'account_url'))))
        yield '\n  credential: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'credential'))))
        yield '\n'
    yield '  save_experiment_best: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'saveExperimentBest') or 0))))
    yield '\n  save_trial_best: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'saveTrialBest') or 1))))
    yield '\n  save_trial_latest: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'saveTrialLatest') or 1))))
    yield '\n'
    l_0_db = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db')
    context.vars['db'] = l_0_db
    context.exported_vars.add('db')
    yield 'db:\n  user: '
    yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'user'))))
    yield '\n  password: '
    yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'password'))))
    yield '\n  host: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'hostAddress') or environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db_service')))))
    yield '\n  port: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'port'))))
    yield '\n  name: '
    yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'name'))))
    yield '\n'
    if environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'sslMode'):
        pass
        yield '  ssl_mode: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'sslMode'))))
        yield '\n  ssl_root_cert: '
        yield str(environment.finalize(str_join(((undefined(name='secret_path') if l_0_secret_path is missing else l_0_secret_path), t_1(environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'sslRootCert')), ))))
        yield '\n'
    l_0_password = (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'initialUserPassword') or environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultPassword'))
    context.vars['password'] = l_0_password
    context.exported_vars.add('password')
    yield 'security:\n'
    if (undefined(name='password') if l_0_password is missing else l_0_password):
        pass
        yield '  initial_user_password: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), (undefined(name='password') if l_0_password is missing else l_0_password))))
        yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'tlsSecret'):
        pass
        yield '  tls:\n    cert: '
        yield str(environment.finalize(str_join(((undefined(name='secret_path') if l_0_secret_path is missing else l_0_secret_path), 'tls.crt', ))))
        yield '\n    key: '
        yield str(environment.finalize(str_join(((undefined(name='secret_path') if l_0_secret_path is missing else l_0_secret_path), 'tls.key', ))))
        yield '\n'
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'security') and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'security'), 'defaultTask')):
        pass
        l_0_task = environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'security'), 'defaultTask')
        context.vars['task'] = l_0_task
        context.exported_vars.add('task')
        yield '  default_task:\n    user: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='task') if l_0_task is missing else l_0_task), 'user'))))
        yield '\n    uid: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='task') if l_0_task is missing else l_0_task), 'uid'))))
        yield '\n    group: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='task') if l_0_task is missing else l_0_task), 'group'))))
        yield '\n    gid: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='task') if l_0_task is missing else l_0_task), 'gid'))))
        yield '\n'
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'security') and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'security'), 'authz')):
        pass
        yield '  authz:'
        yield str(environment.finalize(t_4(environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'security'), 'authz'), 4)))
        yield '\n'
    yield 'port: '
    yield str(environment.finalize((undefined(name='master_container_port') if l_0_master_container_port is missing else l_0_master_container_port)))
    yield '\n'
    l_0_sso_attributes = [('auto_provision_users', 'autoProvisionUsers'), ('groups_attribute_name', 'groupsAttributeName'), ('display_name_attribute_name', 'displayNameAttributeName')]
    context.vars['sso_attributes'] = l_0_sso_attributes
    context.exported_vars.add('sso_attributes')
    if context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'agent-attributes'):
        pass
        l_0_sso_attributes = ((undefined(name='sso_attributes') if l_0_sso_attributes is missing else l_0_sso_attributes) + [('agent_uid_attribute_name', 'agentUidAttributeName'), ('agent_gid_attribute_name', 'agentGidAttributeName'), ('agent_user_name_attribute_name', 'agentUserNameAttributeName'), ('agent_group_name_attribute_name', 'agentGroupNameAttributeName')])
        context.vars['sso_attributes'] = l_0_sso_attributes
        context.exported_vars.add('sso_attributes')
    l_0_sso_attributes = ((undefined(name='sso_attributes') if l_0_sso_attributes is missing else l_0_sso_attributes) + [('always_redirect', 'alwaysRedirect')])
    context.vars['sso_attributes'] = l_0_sso_attributes
    context.exported_vars.add('sso_attributes')
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'enterpriseEdition'):
        pass
        l_0_oidc = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'oidc')
        context.vars['oidc'] = l_0_oidc
        context.exported_vars.add('oidc')
        if (undefined(name='oidc') if l_0_oidc is missing else l_0_oidc):
            pass
            yield 'oidc:\n  enabled: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (environment.getattr((undefined(name='oidc') if l_0_oidc is missing else l_0_oidc), 'enabled') or False))))
            yield '\n  provider: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='oidc') if l_0_oidc is missing else l_0_oidc), 'provider'))))
            yield '\n  idp_recipient_url: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='oidc') if l_0_oidc is missing else l_0_oidc), 'idpRecipientUrl'))))
            yield '\n  idp_sso_url: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='oidc') if l_0_oidc is missing else l_0_oidc), 'idpSsoUrl'))))
            yield '\n  client_id: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='oidc') if l_0_oidc is missing else l_0_oidc), 'clientId'))))
            yield '\n'
            l_0_oidc_attributes = ([('authentication_claim', 'authenticationClaim'), ('scim_authentication_attribute', 'scimAuthenticationAttribute')] + (undefined(name='sso_attributes') if l_0_sso_attributes is missing else l_0_sso_attributes))
            context.vars['oidc_attributes'] = l_0_oidc_attributes
            context.exported_vars.add('oidc_attributes')
            if context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'oidc-exclude-groups-scope'):
                pass
                l_0_oidc_attributes = ((undefined(name='oidc_attributes') if l_0_oidc_attributes is missing else l_0_oidc_attributes) + [('exclude_groups_scope', 'excludeGroupsScope')])
                context.vars['oidc_attributes'] = l_0_oidc_attributes
                context.exported_vars.add('oidc_attributes')
            def t_8(fiter):
                for (l_1_key, l_1_option) in fiter:
                    if environment.getitem((undefined(name='oidc') if l_0_oidc is missing else l_0_oidc), l_1_option):
                        yield (l_1_key, l_1_option)
            for (l_1_key, l_1_option) in t_8((undefined(name='oidc_attributes') if l_0_oidc_attributes is missing else l_0_oidc_attributes)):
                _loop_vars = {}
                pass
                yield '  '
                yield str(environment.finalize(l_1_key))
                yield ': '
                yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getitem((undefined(name='oidc') if l_0_oidc is missing else l_0_oidc), l_1_option), _loop_vars=_loop_vars)))
                yield '\n'
            l_1_key = l_1_option = missing
        l_0_scim = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'scim')
        context.vars['scim'] = l_0_scim
        context.exported_vars.add('scim')
        if (undefined(name='scim') if l_0_scim is missing else l_0_scim):
            pass
            yield 'scim:\n  enabled: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (environment.getattr((undefined(name='scim') if l_0_scim is missing else l_0_scim), 'enabled') or False))))
            yield '\n  auth:\n    type: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='scim') if l_0_scim is missing else l_0_scim), 'auth'), 'type'))))
            yield '\n'
            if (environment.getattr(environment.getattr((undefined(name='scim') if l_0_scim is missing else l_0_scim), 'auth'), 'type') == 'basic'):
                pass
                yield '    username: '
                yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='scim') if l_0_scim is missing else l_0_scim), 'auth'), 'username'))))
                yield '\n    password: '
                yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='scim') if l_0_scim is missing else l_0_scim), 'auth'), 'password'))))
                yield '\n'
        l_0_saml = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'saml')
        context.vars['saml'] = l_0_saml
        context.exported_vars.add('saml')
        if (undefined(name='saml') if l_0_saml is missing else l_0_saml):
            pass
            yield 'saml:\n  enabled: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (environment.getattr((undefined(name='saml') if l_0_saml is missing else l_0_saml), 'enabled') or False))))
            yield '\n  provider: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='saml') if l_0_saml is missing else l_0_saml), 'provider'))))
            yield '\n  idp_recipient_url: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='saml') if l_0_saml is missing else l_0_saml), 'idpRecipientUrl'))))
            yield '\n  idp_sso_url: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='saml') if l_0_saml is missing else l_0_saml), 'idpSsoUrl'))))
            yield '\n  idp_sso_descriptor_url: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='saml') if l_0_saml is missing else l_0_saml), 'idpSsoDescriptorUrl'))))
            yield '\n  idp_cert_path: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='saml') if l_0_saml is missing else l_0_saml), 'idpCertPath'))))
            yield '\n'
            def t_9(fiter):
                for (l_1_key, l_1_option) in fiter:
                    if environment.getitem((undefined(name='saml') if l_0_saml is missing else l_0_saml), l_1_option):
                        yield (l_1_key, l_1_option)
            for (l_1_key, l_1_option) in t_9((undefined(name='sso_attributes') if l_0_sso_attributes is missing else l_0_sso_attributes)):
                _loop_vars = {}
                pass
                yield '  '
                yield str(environment.finalize(l_1_key))
                yield ': '
                yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getitem((undefined(name='saml') if l_0_saml is missing else l_0_saml), l_1_option), _loop_vars=_loop_vars)))
                yield '\n'
            l_1_key = l_1_option = missing
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai') and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai'), 'version')):
        pass
        l_0_genai_backend = str_join(('http://genai-backend-service-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), ':', t_3(environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai'), 'port')), ))
        context.vars['genai_backend'] = l_0_genai_backend
        context.exported_vars.add('genai_backend')
        yield 'feature_switches:\n- genai\n__internal:\n  proxied_servers:\n  - destination: '
        yield str(environment.finalize(str_join(((undefined(name='genai_backend') if l_0_genai_backend is missing else l_0_genai_backend), '/lore', ))))
        yield '\n    path_prefix: /lore\n  - destination: '
        yield str(environment.finalize(str_join(((undefined(name='genai_backend') if l_0_genai_backend is missing else l_0_genai_backend), '/genai', ))))
        yield '\n    path_prefix: /genai\n'
    l_0_manager = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'resourceManager')
    context.vars['manager'] = l_0_manager
    context.exported_vars.add('manager')
    l_0_namespace = (environment.getattr((undefined(name='manager') if l_0_manager is missing else l_0_manager), 'defaultNamespace') or environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace'))
    context.vars['namespace'] = l_0_namespace
    context.exported_vars.add('namespace')
    yield 'resource_manager:\n  type: kubernetes\n'
    if (undefined(name='namespace') if l_0_namespace is missing else l_0_namespace):
        pass
        yield '  default_namespace: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), (undefined(name='namespace') if l_0_namespace is missing else l_0_namespace))))
        yield '\n'
    if environment.getattr((undefined(name='manager') if l_0_manager is missing else l_0_manager), 'clusterName'):
        pass
        yield '  cluster_name: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='manager') if l_0_manager is missing else l_0_manager), 'clusterName'))))
        yield '\n'
    yield '  max_slots_per_pod: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'maxSlotsPerPod'))))
    yield '\n  master_service_name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master_service')))
    yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultScheduler'):
        pass
        l_0_scheduler = t_5(t_2(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultScheduler')))
        context.vars['scheduler'] = l_0_scheduler
        context.exported_vars.add('scheduler')
        if (((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'coscheduler') or (((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'preemption') and context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'preemption-scheduler'))):
            pass
            yield '  default_scheduler: '
            yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
            yield '\n'
    if ((environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'slotType') or 'gpu') != 'gpu'):
        pass
        yield '  slot_type: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'slotType'))))
        yield '\n  slot_resource_requests:\n    cpu: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'slotResourceRequests'), 'cpu'))))
        yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'fluent'):
        pass
        yield '  fluent:'
        yield str(environment.finalize(t_4(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'fluent'), 4)))
        yield '\n'
    if (context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'master-host') and environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'determinedMasterHost')):
        pass
        if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'determinedMasterScheme'):
            pass
            yield '  determined_master_scheme: '
            yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'determinedMasterScheme'))))
            yield '\n'
        else:
            pass
            yield '  determined_master_scheme: '
            yield str(environment.finalize(('https' if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'tlsSecret') else 'http')))
            yield '\n'
        yield '  determined_master_host: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'determinedMasterHost'))))
        yield '\n  determined_master_port: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'determinedMasterPort') or environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterPort')))))
        yield '\n'
    yield '  default_aux_resource_pool: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultAuxResourcePool'))))
    yield '\n  default_compute_resource_pool: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultComputeResourcePool'))))
    yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'additional_resource_managers'):
        pass
        yield 'additional_resource_managers:\n'
        l_1_loop = missing
        for l_1_extra, l_1_loop in LoopContext(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'additional_resource_managers'), undefined):
            l_1_additional_manager = resolve('additional_manager')
            l_1_pools = missing
            _loop_vars = {}
            pass
            l_1_pools = environment.getattr(l_1_extra, 'resource_pools')
            _loop_vars['pools'] = l_1_pools
            yield '- resource_manager:'
            yield str(environment.finalize(t_4(context.call((undefined(name='additional_manager') if l_1_additional_manager is missing else l_1_additional_manager), environment.getattr(l_1_extra, 'resource_manager'), environment.getattr(l_1_loop, 'index0'), _loop_vars=_loop_vars), 4)))
            yield '\n  resource_pools:'
            yield str(environment.finalize(t_4(((undefined(name='pools') if l_1_pools is missing else l_1_pools) if t_6((undefined(name='pools') if l_1_pools is missing else l_1_pools)) else None), 4)))
            yield '\n'
        l_1_loop = l_1_extra = l_1_pools = l_1_additional_manager = missing
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'resourcePools'):
        pass
        yield 'resource_pools:'
        yield str(environment.finalize(t_4(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'resourcePools'), 2)))
        yield '\n'
    l_0_defaults = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'taskContainerDefaults')
    context.vars['defaults'] = l_0_defaults
    context.exported_vars.add('defaults')
    l_0_images = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultImages')
    context.vars['images'] = l_0_images
    context.exported_vars.add('images')
    yield 'task_container_defaults:\n'
    if (undefined(name='defaults') if l_0_defaults is missing else l_0_defaults):
        pass
        if environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'startupHook'):
            pass
            yield '  startup_hook: '
            yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'startupHook'))))
            yield '\n'
        if environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'networkMode'):
            pass
            yield '  network_mode: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'networkMode'))))
            yield '\n'
        if environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'dtrainNetworkInterface'):
            pass
            yield '  dtrain_network_interface: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'dtrainNetworkInterface'))))
            yield '\n'
        if environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'cpuPodSpec'):
            pass
            yield '  cpu_pod_spec:'
            yield str(environment.finalize(t_4(environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'cpuPodSpec'), 4, json=True)))
            yield '\n'
        if environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'gpuPodSpec'):
            pass
            yield '  gpu_pod_spec:'
            yield str(environment.finalize(t_4(environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'gpuPodSpec'), 4, json=True)))
            yield '\n'
        if environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'checkpointGcPodSpec'):
            pass
            yield '  checkpoint_gc_pod_spec:'
            yield str(environment.finalize(t_4(environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'checkpointGcPodSpec'), 4, json=True)))
            yield '\n'
        if environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'logPolicies'):
            pass
            yield '  log_policies:'
            yield str(environment.finalize(t_4(environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'logPolicies'), 4)))
            yield '\n'
    yield '  image:\n'
    if (not context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'task-images-paired')):
        pass
        yield '    cpu: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), (environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'cpuImage') or environment.getattr((undefined(name='images') if l_0_images is missing else l_0_images), 'cpuImage')))))
        yield '\n    gpu: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), (environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'gpuImage') or environment.getattr((undefined(name='images') if l_0_images is missing else l_0_images), 'gpuImage')))))
        yield '\n'
    elif (environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'cpuImage') and environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'gpuImage')):
        pass
        yield '    cpu: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'cpuImage'))))
        yield '\n    gpu: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'gpuImage'))))
        yield '\n'
    else:
        pass
        yield '    cpu: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='images') if l_0_images is missing else l_0_images), 'cpuImage'))))
        yield '\n    gpu: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='images') if l_0_images is missing else l_0_images), 'gpuImage'))))
        yield '\n'
    if context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'rocm-image'):
        pass
        yield '    rocm: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), (environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'rocmImage') or environment.getattr((undefined(name='images') if l_0_images is missing else l_0_images), 'rocmImage')))))
        yield '\n'
    if ((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults) and environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'forcePullImage')):
        pass
        yield '  force_pull_image: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='defaults') if l_0_defaults is missing else l_0_defaults), 'forcePullImage'))))
        yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'telemetry'):
        pass
        yield 'telemetry:\n  enabled: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'telemetry'), 'enabled'))))
        yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'observability'):
        pass
        yield 'observability:\n  enable_prometheus: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'observability'), 'enable_prometheus'))))
        yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'clusterName'):
        pass
        yield 'cluster_name: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'clusterName'))))
        yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'tensorboardTimeout'):
        pass
        yield 'tensorboard_timeout: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'tensorboardTimeout'))))
        yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'notebookTimeout'):
        pass
        yield 'notebook_timeout: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'notebookTimeout'))))
        yield '\n'
    l_0_logging = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'logging')
    context.vars['logging'] = l_0_logging
    context.exported_vars.add('logging')
    if (undefined(name='logging') if l_0_logging is missing else l_0_logging):
        pass
        yield 'logging:\n'
        if environment.getattr((undefined(name='logging') if l_0_logging is missing else l_0_logging), 'type'):
            pass
            yield '  type: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='logging') if l_0_logging is missing else l_0_logging), 'type'))))
            yield '\n'
        if ((environment.getattr((undefined(name='logging') if l_0_logging is missing else l_0_logging), 'type') or '') == 'elastic'):
            pass
            yield '  host: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='logging') if l_0_logging is missing else l_0_logging), 'host'))))
            yield '\n  port: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='logging') if l_0_logging is missing else l_0_logging), 'port'))))
            yield '\n'
            l_0_auth = environment.getattr((undefined(name='logging') if l_0_logging is missing else l_0_logging), 'security')
            context.vars['auth'] = l_0_auth
            context.exported_vars.add('auth')
            if (undefined(name='auth') if l_0_auth is missing else l_0_auth):
                pass
                yield '  security:\n'
                if environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'username'):
                    pass
                    yield '    username: '
                    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'username'))))
                    yield '\n'
                if environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'password'):
                    pass
                    yield '    password: '
                    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'password'))))
                    yield '\n'
                if environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'tls'):
                    pass
                    yield '    tls:\n'
                    if environment.getattr(environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'tls'), 'enabled'):
                        pass
                        yield '      enabled: '
                        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'tls'), 'enabled'))))
                        yield '\n'
                    if environment.getattr(environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'tls'), 'skipVerify'):
                        pass
                        yield '      skip_verify: '
                        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'tls'), 'skipVerify'))))
                        yield '\n'
                    if environment.getattr(environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'tls'), 'certificate'):
                        pass
                        yield '      certificate: /etc/determined/elastic.crt\n'
                    if environment.getattr(environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'tls'), 'certificateName'):
                        pass
                        yield '      certificate_name: '
                        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='auth') if l_0_auth is missing else l_0_auth), 'tls'), 'certificateName'))))
                        yield '\n'
    l_0_retention = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'retentionPolicy')
    context.vars['retention'] = l_0_retention
    context.exported_vars.add('retention')
    if (undefined(name='retention') if l_0_retention is missing else l_0_retention):
        pass
        yield 'retention_policy:\n'
        if environment.getattr((undefined(name='retention') if l_0_retention is missing else l_0_retention), 'logRetentionDays'):
            pass
            yield '  log_retention_days: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='retention') if l_0_retention is missing else l_0_retention), 'logRetentionDays'))))
            yield '\n'
        if environment.getattr((undefined(name='retention') if l_0_retention is missing else l_0_retention), 'schedule'):
            pass
            yield '  schedule: '
            yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='retention') if l_0_retention is missing else l_0_retention), 'schedule'))))
            yield '\n'


def t_db_deployment(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_has = resolve('has')
    l_0_names = resolve('names')
    l_0_claim = resolve('claim')
    l_0_requests = resolve('requests')
    l_0_dict = resolve('dict')
    l_0_quoted = resolve('quoted')
    l_0_limits = resolve('limits')
    l_0_resources = resolve('resources')
    l_0_Release = resolve('Release')
    l_0_labels = resolve('labels')
    l_0_db = missing
    try:
        t_1 = environment.filters['bare']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'bare' found.")
    try:
        t_2 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    l_0_db = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db')
    context.vars['db'] = l_0_db
    context.exported_vars.add('db')
    if (not environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'hostAddress')):
        pass
        l_0_claim = (str_join(('determined-db-pvc-', t_1(environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'claimSuffix')), )) if (context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'db-snapshots') and environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'claimSuffix')) else environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db_pvc'))
        context.vars['claim'] = l_0_claim
        context.exported_vars.add('claim')
        l_0_requests = {}
        context.vars['requests'] = l_0_requests
        context.exported_vars.add('requests')
        if environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'cpuRequest'):
            pass
            l_0_requests = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='requests') if l_0_requests is missing else l_0_requests), cpu=context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'cpuRequest')))
            context.vars['requests'] = l_0_requests
            context.exported_vars.add('requests')
        if environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'memRequest'):
            pass
            l_0_requests = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='requests') if l_0_requests is missing else l_0_requests), memory=context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'memRequest')))
            context.vars['requests'] = l_0_requests
            context.exported_vars.add('requests')
        l_0_limits = {}
        context.vars['limits'] = l_0_limits
        context.exported_vars.add('limits')
        if environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'cpuLimit'):
            pass
            l_0_limits = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='limits') if l_0_limits is missing else l_0_limits), cpu=context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'cpuLimit')))
            context.vars['limits'] = l_0_limits
            context.exported_vars.add('limits')
        if environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'memLimit'):
            pass
            l_0_limits = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='limits') if l_0_limits is missing else l_0_limits), memory=context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'memLimit')))
            context.vars['limits'] = l_0_limits
            context.exported_vars.add('limits')
        l_0_resources = {}
        context.vars['resources'] = l_0_resources
        context.exported_vars.add('resources')
        if (undefined(name='requests') if l_0_requests is missing else l_0_requests):
            pass
            l_0_resources = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='resources') if l_0_resources is missing else l_0_resources), requests=(undefined(name='requests') if l_0_requests is missing else l_0_requests))
            context.vars['resources'] = l_0_resources
            context.exported_vars.add('resources')
        if (undefined(name='limits') if l_0_limits is missing else l_0_limits):
            pass
            l_0_resources = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='resources') if l_0_resources is missing else l_0_resources), limits=(undefined(name='limits') if l_0_limits is missing else l_0_limits))
            context.vars['resources'] = l_0_resources
            context.exported_vars.add('resources')
        yield 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db_deployment')))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_2(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'db'), 4)))
        yield '\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db')))
        yield '\n  template:\n    metadata:\n      labels:\n        app: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db')))
        yield '\n        determined-system: db\n    spec:\n      priorityClassName: determined-system-priority\n      containers:\n      - name: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db')))
        yield '\n        image: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultImages'), 'postgreSQL'))))
        yield '\n        imagePullPolicy: Always\n        resources:'
        yield str(environment.finalize(t_2((undefined(name='resources') if l_0_resources is missing else l_0_resources), 10)))
        yield '\n        env:\n        - name: POSTGRES_DB\n          value: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'name'))))
        yield '\n        - name: POSTGRES_USER\n          value: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'user'))))
        yield '\n        - name: POSTGRES_PASSWORD\n          value: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'password'))))
        yield '\n        - name: PGPORT\n          value: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'port'))))
        yield '\n        - name: PGDATA\n          value: /var/lib/postgresql/data/pgdata\n        args: [--max_connections=96, --shared_buffers=512MB]\n'
        if (not environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'disablePVC')):
            pass
            yield '        volumeMounts:\n        - mountPath: /var/lib/postgresql/data\n          name: determined-db-storage\n      volumes:\n      - name: determined-db-storage\n        persistentVolumeClaim:\n          claimName: '
            yield str(environment.finalize((undefined(name='claim') if l_0_claim is missing else l_0_claim)))
            yield '\n'


def t_db_persistent_volume_claim(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_has = resolve('has')
    l_0_Release = resolve('Release')
    l_0_restore = resolve('restore')
    l_0_names = resolve('names')
    l_0_labels = resolve('labels')
    l_0_unquoted = resolve('unquoted')
    l_0_db = missing
    try:
        t_1 = environment.filters['bare']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'bare' found.")
    try:
        t_2 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    l_0_db = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db')
    context.vars['db'] = l_0_db
    context.exported_vars.add('db')
    if (not (environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'hostAddress') or environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'disablePVC'))):
        pass
        l_0_restore = ((context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'db-snapshots') and environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'IsUpgrade')) and environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'restoreSnapshotSuffix'))
        context.vars['restore'] = l_0_restore
        context.exported_vars.add('restore')
        yield 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: '
        yield str(environment.finalize((str_join(('determined-db-pvc-', t_1(environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'restoreSnapshotSuffix')), )) if (undefined(name='restore') if l_0_restore is missing else l_0_restore) else environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db_pvc'))))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_2(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'db'), 4)))
        yield '\n'
        if environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'keepOnUninstall'):
            pass
            yield '  annotations:\n    helm.sh/resource-policy: keep\n'
        yield 'spec:\n  accessModes:\n  - ReadWriteOnce\n'
        if (undefined(name='restore') if l_0_restore is missing else l_0_restore):
            pass
            yield '  dataSource:\n    name: '
            yield str(environment.finalize(str_join(('determined-db-snapshot-', t_1(environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'restoreSnapshotSuffix')), ))))
            yield '\n    kind: VolumeSnapshot\n    apiGroup: snapshot.storage.k8s.io\n'
        yield '  resources:\n    requests:\n      storage: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'storageSize'))))
        yield '\n'
        if environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'storageClassName'):
            pass
            yield '  storageClassName: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'storageClassName'))))
            yield '\n'


def t_db_service(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_names = resolve('names')
    l_0_Release = resolve('Release')
    l_0_labels = resolve('labels')
    l_0_unquoted = resolve('unquoted')
    try:
        t_1 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    if (not environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'hostAddress')):
        pass
        yield 'apiVersion: v1\nkind: Service\nmetadata:\n  name: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db_service')))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'db'), 4)))
        yield '\nspec:\n  ports:\n  - port: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'port'))))
        yield '\n    protocol: TCP\n  type: '
        yield str(environment.finalize(('NodePort' if environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'useNodePortForDB') else 'ClusterIP')))
        yield '\n  selector:\n    app: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db')))
        yield '\n'


def t_db_volume_snapshot_class(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_has = resolve('has')
    l_0_Release = resolve('Release')
    l_0_Values = resolve('Values')
    pass
    if ((context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'db-snapshots') and environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'IsUpgrade')) and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'snapshotSuffix')):
        pass
        yield 'apiVersion: snapshot.storage.k8s.io/v1\nkind: VolumeSnapshotClass\nmetadata:\n  name: determined-db-snapshot-class\ndriver: pd.csi.storage.gke.io\ndeletionPolicy: Retain\n'


def t_db_volume_snapshot(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_has = resolve('has')
    l_0_Release = resolve('Release')
    l_0_labels = resolve('labels')
    l_0_names = resolve('names')
    l_0_db = missing
    try:
        t_1 = environment.filters['bare']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'bare' found.")
    try:
        t_2 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    l_0_db = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db')
    context.vars['db'] = l_0_db
    context.exported_vars.add('db')
    if ((context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'db-snapshots') and environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'IsUpgrade')) and environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'snapshotSuffix')):
        pass
        yield 'apiVersion: snapshot.storage.k8s.io/v1\nkind: VolumeSnapshot\nmetadata:\n  name: '
        yield str(environment.finalize(str_join(('determined-db-snapshot-', t_1(environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'snapshotSuffix')), ))))
        yield '\n  namespace: default\n  labels:'
        yield str(environment.finalize(t_2(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'db'), 4)))
        yield '\nspec:\n  volumeSnapshotClassName: determined-db-snapshot-class\n  source:\n    persistentVolumeClaimName: '
        yield str(environment.finalize((str_join(('determined-db-pvc-', t_1(environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'claimSuffix')), )) if environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'claimSuffix') else environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'db_pvc'))))
        yield '\n'


def t_genai_genai_backend_service(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_genai = resolve('genai')
    l_0_Release = resolve('Release')
    l_0_unquoted = resolve('unquoted')
    try:
        t_1 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai') and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai'), 'version')):
        pass
        l_0_genai = context.vars['genai'] = environment.get_template('_genai-common.yaml', 'genai/genai-backend-service.yaml').make_module(context.get_all(), True, {'genai': l_0_genai})
        context.exported_vars.discard('genai')
        yield 'apiVersion: v1\nkind: Service\nmetadata:\n  name: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'backend_service')))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'labels'), 4)))
        yield '\nspec:\n  ports:\n  - port: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'spec'), 'port'))))
        yield '\n    targetPort: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'spec'), 'port'))))
        yield '\n    protocol: TCP\n  type: ClusterIP\n  selector:\n    app: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'app')))
        yield '\n'


def t_genai_genai_deployment(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_genai = resolve('genai')
    l_0_db_client = resolve('db_client')
    l_0_spec = resolve('spec')
    l_0_db = resolve('db')
    l_0_names = resolve('names')
    l_0_Release = resolve('Release')
    l_0_quoted = resolve('quoted')
    l_0_env = resolve('env')
    l_0_unquoted = resolve('unquoted')
    l_0_secret_path = resolve('secret_path')
    l_0_shared_mount = resolve('shared_mount')
    l_0_shared_volume = resolve('shared_volume')
    l_0_mounts = resolve('mounts')
    l_0_volumes = resolve('volumes')
    l_0_requests = resolve('requests')
    l_0_dict = resolve('dict')
    l_0_limits = resolve('limits')
    l_0_resources = resolve('resources')
    try:
        t_1 = environment.filters['bare']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'bare' found.")
    try:
        t_2 = environment.filters['intext']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'intext' found.")
    try:
        t_3 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai') and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai'), 'version')):
        pass
        l_0_genai = context.vars['genai'] = environment.get_template('_genai-common.yaml', 'genai/genai-deployment.yaml').make_module(context.get_all(), True, {'db': l_0_db, 'db_client': l_0_db_client, 'env': l_0_env, 'genai': l_0_genai, 'limits': l_0_limits, 'mounts': l_0_mounts, 'requests': l_0_requests, 'resources': l_0_resources, 'shared_mount': l_0_shared_mount, 'shared_volume': l_0_shared_volume, 'spec': l_0_spec, 'volumes': l_0_volumes})
        context.exported_vars.discard('genai')
        l_0_db_client = context.vars['db_client'] = environment.get_template('_db-client.yaml', 'genai/genai-deployment.yaml').make_module(context.get_all(), True, {'db': l_0_db, 'db_client': l_0_db_client, 'env': l_0_env, 'genai': l_0_genai, 'limits': l_0_limits, 'mounts': l_0_mounts, 'requests': l_0_requests, 'resources': l_0_resources, 'shared_mount': l_0_shared_mount, 'shared_volume': l_0_shared_volume, 'spec': l_0_spec, 'volumes': l_0_volumes})
        context.exported_vars.discard('db_client')
        l_0_spec = environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'spec')
        context.vars['spec'] = l_0_spec
        context.exported_vars.add('spec')
        l_0_db = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db')
        context.vars['db'] = l_0_db
        context.exported_vars.add('db')
        l_0_env = [{'name': 'DET_MASTER', 'value': str_join((environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'master_scheme'), '://', environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master_service'), '.', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace'), ':', t_2(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterPort')), ))}, {'name': 'DB_NAME', 'value': 'lore'}, {'name': 'DB_USER', 'value': context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'user'))}, {'name': 'DB_PASSWORD', 'value': context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'password'))}, {'name': 'DB_PORT', 'value': context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'port'))}, {'name': 'DB_HOST', 'value': environment.getattr((undefined(name='db_client') if l_0_db_client is missing else l_0_db_client), 'host')}]
        context.vars['env'] = l_0_env
        context.exported_vars.add('env')
        if environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'sslMode'):
            pass
            l_0_env = ((undefined(name='env') if l_0_env is missing else l_0_env) + [{'name': 'DB_SSL_MODE', 'value': context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'sslMode'))}, {'name': 'DB_SSL_ROOT_CERT', 'value': str_join(((undefined(name='secret_path') if l_0_secret_path is missing else l_0_secret_path), t_2(environment.getattr((undefined(name='db') if l_0_db is missing else l_0_db), 'sslRootCert')), ))}])
            context.vars['env'] = l_0_env
            context.exported_vars.add('env')
        l_0_env = ((undefined(name='env') if l_0_env is missing else l_0_env) + [{'name': 'LORE_DOCKER_TAG_SUFFIX', 'value': context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'version'))}])
        context.vars['env'] = l_0_env
        context.exported_vars.add('env')
        if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'sharedFSHostPath'):
            pass
            l_0_env = ((undefined(name='env') if l_0_env is missing else l_0_env) + [{'name': 'K8S_SHARED_HOST_PATH', 'value': context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'sharedFSHostPath'))}])
            context.vars['env'] = l_0_env
            context.exported_vars.add('env')
            l_0_shared_mount = {'name': 'genai-shared-host-path', 'mountPath': environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'mount_path')}
            context.vars['shared_mount'] = l_0_shared_mount
            context.exported_vars.add('shared_mount')
            l_0_shared_volume = {'name': 'genai-shared-host-path', 'hostPath': {'path': context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'sharedFSHostPath')), 'type': 'Directory'}}
            context.vars['shared_volume'] = l_0_shared_volume
            context.exported_vars.add('shared_volume')
        else:
            pass
            l_0_env = ((undefined(name='env') if l_0_env is missing else l_0_env) + [{'name': 'K8S_SHARED_PVC_NAME', 'value': environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'pvc_name')}])
            context.vars['env'] = l_0_env
            context.exported_vars.add('env')
            l_0_shared_mount = {'name': 'genai-pvc-storage', 'mountPath': environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'mount_path'), 'readOnly': False}
            context.vars['shared_mount'] = l_0_shared_mount
            context.exported_vars.add('shared_mount')
            l_0_shared_volume = {'name': 'genai-pvc-storage', 'persistentVolumeClaim': {'claimName': environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'pvc_name')}}
            context.vars['shared_volume'] = l_0_shared_volume
            context.exported_vars.add('shared_volume')
        l_0_env = ((undefined(name='env') if l_0_env is missing else l_0_env) + [{'name': 'SHARED_FS_ROOT_PATH', 'value': environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'mount_path')}, {'name': 'RESOURCE_POOL_EXTRA_METADATA_PATH', 'value': '/run/determined/workdir/rp_config/resource_pool_metadata.yaml'}, {'name': 'MESSAGE_QUEUE_HOST', 'value': str_join((environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'queue_service'), '.', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace'), ))}, {'name': 'MESSAGE_QUEUE_PORT', 'value': context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'messageQueuePort'))}, {'name': 'GENAI_HOST', 'value': str_join((environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'backend_service'), '.', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace'), ))}, {'name': 'GENAI_HOST_PORT', 'value': context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'port'))}])
        context.vars['env'] = l_0_env
        context.exported_vars.add('env')
        if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'imagePullSecretName'):
            pass
            l_0_env = ((undefined(name='env') if l_0_env is missing else l_0_env) + [{'name': 'GENAI_IMAGE_PULL_SECRET_NAME', 'value': context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'imagePullSecretName'))}])
            context.vars['env'] = l_0_env
            context.exported_vars.add('env')
        l_0_mounts = ([(undefined(name='shared_mount') if l_0_shared_mount is missing else l_0_shared_mount), {'name': 'genai-resource-pool-metadata', 'mountPath': '/run/determined/workdir/rp_config', 'readOnly': True}] + environment.getattr((undefined(name='db_client') if l_0_db_client is missing else l_0_db_client), 'cert_mounts'))
        context.vars['mounts'] = l_0_mounts
        context.exported_vars.add('mounts')
        l_0_volumes = ([(undefined(name='shared_volume') if l_0_shared_volume is missing else l_0_shared_volume), {'name': 'genai-resource-pool-metadata', 'configMap': {'name': environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'metadata_config')}}] + environment.getattr((undefined(name='db_client') if l_0_db_client is missing else l_0_db_client), 'cert_volumes'))
        context.vars['volumes'] = l_0_volumes
        context.exported_vars.add('volumes')
        l_0_requests = {}
        context.vars['requests'] = l_0_requests
        context.exported_vars.add('requests')
        if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'cpuRequest'):
            pass
            l_0_requests = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='requests') if l_0_requests is missing else l_0_requests), cpu=context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'cpuRequest')))
            context.vars['requests'] = l_0_requests
            context.exported_vars.add('requests')
        if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'memRequest'):
            pass
            l_0_requests = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='requests') if l_0_requests is missing else l_0_requests), memory=context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'memRequest')))
            context.vars['requests'] = l_0_requests
            context.exported_vars.add('requests')
        l_0_limits = {}
        context.vars['limits'] = l_0_limits
        context.exported_vars.add('limits')
        if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'cpuLimit'):
            pass
            l_0_limits = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='limits') if l_0_limits is missing else l_0_limits), cpu=context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'cpuLimit')))
            context.vars['limits'] = l_0_limits
            context.exported_vars.add('limits')
        if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'memLimit'):
            pass
            l_0_limits = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='limits') if l_0_limits is missing else l_0_limits), memory=context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'memLimit')))
            context.vars['limits'] = l_0_limits
            context.exported_vars.add('limits')
        l_0_resources = {}
        context.vars['resources'] = l_0_resources
        context.exported_vars.add('resources')
        if (undefined(name='requests') if l_0_requests is missing else l_0_requests):
            pass
            l_0_resources = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='resources') if l_0_resources is missing else l_0_resources), requests=(undefined(name='requests') if l_0_requests is missing else l_0_requests))
            context.vars['resources'] = l_0_resources
            context.exported_vars.add('resources')
        if (undefined(name='limits') if l_0_limits is missing else l_0_limits):
            pass
            l_0_resources = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (undefined(name='resources') if l_0_resources is missing else l_0_resources), limits=(undefined(name='limits') if l_0_limits is missing else l_0_limits))
            context.vars['resources'] = l_0_resources
            context.exported_vars.add('resources')
        yield 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: '
        yield str(environment.finalize(str_join(('genai-deployment-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), ))))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_3(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'labels'), 4)))
        yield '\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'app')))
        yield '\n  template:\n    metadata:\n      labels:\n        app: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'app')))
        yield '\n        determined-system: master\n    spec:\n      priorityClassName: determined-system-priority\n      serviceAccount: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'app')))
        yield '\n'
        if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'agentGroupID'):
            pass
            yield '      securityContext:\n        runAsUser: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'agentGroupID'))))
            yield '\n        runAsGroup: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'agentGroupID'))))
            yield '\n        fsGroup: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'agentGroupID'))))
            yield '\n        fsGroupChangePolicy: OnRootMismatch\n'
        yield '      containers:\n      - name: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'app')))
        yield '\n        image: '
        yield str(environment.finalize(str_join((t_1(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'imageRegistry')), '/genai:', t_1(environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'version')), ))))
        yield '\n        imagePullPolicy: Always\n        env:'
        yield str(environment.finalize(t_3((undefined(name='env') if l_0_env is missing else l_0_env), 8)))
        yield '\n        volumeMounts:'
        yield str(environment.finalize(t_3((undefined(name='mounts') if l_0_mounts is missing else l_0_mounts), 8)))
        yield '\n        resources:'
        yield str(environment.finalize(t_3((undefined(name='resources') if l_0_resources is missing else l_0_resources), 10)))
        yield '\n'
        if environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'imagePullSecretName'):
            pass
            yield '      imagePullSecrets:\n      - name: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'imagePullSecretName'))))
            yield '\n'
        yield '      volumes:'
        yield str(environment.finalize(t_3((undefined(name='volumes') if l_0_volumes is missing else l_0_volumes), 6)))
        yield '\n'


def t_genai_genai_initialize_shared_fs_permissions(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_genai = resolve('genai')
    l_0_Release = resolve('Release')
    l_0_name = resolve('name')
    l_0_script = resolve('script')
    l_0_names = resolve('names')
    l_0_unquoted = resolve('unquoted')
    l_0_spec = missing
    try:
        t_1 = environment.filters['intext']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'intext' found.")
    try:
        t_2 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_3 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    l_0_spec = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai')
    context.vars['spec'] = l_0_spec
    context.exported_vars.add('spec')
    if (((undefined(name='spec') if l_0_spec is missing else l_0_spec) and environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'version')) and environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'shouldInitializeSharedFSGroupPermissions')):
        pass
        l_0_genai = context.vars['genai'] = environment.get_template('_genai-common.yaml', 'genai/genai-initialize-shared-fs-permissions.yaml').make_module(context.get_all(), True, {'genai': l_0_genai, 'name': l_0_name, 'script': l_0_script, 'spec': l_0_spec})
        context.exported_vars.discard('genai')
        l_0_name = str_join(('genai-initialize-shared-fs-permissions-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), ))
        context.vars['name'] = l_0_name
        context.exported_vars.add('name')
        l_0_script = t_2(context.eval_ctx, ['echo "whoami: $(whoami)";', 'chmod 2775 /shared_fs;', str_join(('GROUP_ID=', t_1(environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'agentGroupID')), ';', )), 'chgrp +${GROUP_ID} /shared_fs;', 'ls -l / | grep shared_fs;', ''], '\n')
        context.vars['script'] = l_0_script
        context.exported_vars.add('script')
        yield 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: '
        yield str(environment.finalize((undefined(name='name') if l_0_name is missing else l_0_name)))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_3(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'labels'), 4)))
        yield '\n  annotations:\n    helm.sh/hook: post-install, post-upgrade\n    helm.sh/hook-weight: "0"\n    helm.sh/hook-delete-policy: hook-succeeded\nspec:\n  template:\n    metadata:\n      name: '
        yield str(environment.finalize((undefined(name='name') if l_0_name is missing else l_0_name)))
        yield '\n      labels:\n        app: '
        yield str(environment.finalize((undefined(name='name') if l_0_name is missing else l_0_name)))
        yield '\n        release: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name')))
        yield '\n    spec:\n      serviceAccount: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
        yield '\n      restartPolicy: Never\n      securityContext:\n        runAsUser: 0\n        runAsGroup: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'agentGroupID'))))
        yield '\n        fsGroup: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'agentGroupID'))))
        yield '\n        fsGroupChangePolicy: OnRootMismatch\n      containers:\n      - name: initialize-shared-fs\n        image: ubuntu\n        imagePullPolicy: Always\n        volumeMounts:\n        - name: genai-pvc-storage\n          mountPath: /shared_fs\n          readOnly: false\n        command:'
        yield str(environment.finalize(t_3(['bash', '-exc', (undefined(name='script') if l_0_script is missing else l_0_script)], 8)))
        yield '\n      volumes:\n      - name: genai-pvc-storage\n        persistentVolumeClaim:\n          claimName: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'pvc_name')))
        yield '\n'


def t_genai_genai_persistent_volume_claim(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_genai = resolve('genai')
    l_0_Release = resolve('Release')
    l_0_unquoted = resolve('unquoted')
    l_0_spec = missing
    pass
    l_0_spec = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai')
    context.vars['spec'] = l_0_spec
    context.exported_vars.add('spec')
    if ((((undefined(name='spec') if l_0_spec is missing else l_0_spec) and environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'version')) and (not environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'sharedPVCName'))) and (not environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'sharedFSHostPath'))):
        pass
        l_0_genai = context.vars['genai'] = environment.get_template('_genai-common.yaml', 'genai/genai-persistent-volume-claim.yaml').make_module(context.get_all(), True, {'genai': l_0_genai, 'spec': l_0_spec})
        context.exported_vars.discard('genai')
        yield 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'pvc_name')))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:\n    app: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'pvc_name')))
        yield '\n    release: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name')))
        yield '\nspec:\n  accessModes:\n  - ReadWriteMany\n  resources:\n    requests:\n      storage: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'generatedPVC'), 'storageSize'))))
        yield '\n  storageClassName: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='spec') if l_0_spec is missing else l_0_spec), 'generatedPVC'), 'storageClassName'))))
        yield '\n'


def t_genai_genai_queue_service(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_genai = resolve('genai')
    l_0_Release = resolve('Release')
    l_0_unquoted = resolve('unquoted')
    try:
        t_1 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai') and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai'), 'version')):
        pass
        l_0_genai = context.vars['genai'] = environment.get_template('_genai-common.yaml', 'genai/genai-queue-service.yaml').make_module(context.get_all(), True, {'genai': l_0_genai})
        context.exported_vars.discard('genai')
        yield 'apiVersion: v1\nkind: Service\nmetadata:\n  name: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'queue_service')))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'labels'), 4)))
        yield '\nspec:\n  ports:\n  - port: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'spec'), 'messageQueuePort'))))
        yield '\n    targetPort: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'spec'), 'messageQueuePort'))))
        yield '\n    protocol: TCP\n  type: ClusterIP\n  selector:\n    app: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'app')))
        yield '\n'


def t_genai_genai_resource_pool_metadata(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_genai = resolve('genai')
    l_0_Release = resolve('Release')
    l_0_metadata = resolve('metadata')
    try:
        t_1 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    try:
        t_2 = environment.filters['yamldoc']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'yamldoc' found.")
    pass
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai') and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai'), 'version')):
        pass
        l_0_genai = context.vars['genai'] = environment.get_template('_genai-common.yaml', 'genai/genai-resource-pool-metadata.yaml').make_module(context.get_all(), True, {'genai': l_0_genai, 'metadata': l_0_metadata})
        context.exported_vars.discard('genai')
        yield 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'metadata_config')))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'labels'), 4)))
        yield '\ndata:\n'
        l_0_metadata = t_2(environment.getattr(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'spec'), 'extraResourcePoolMetadata'))
        context.vars['metadata'] = l_0_metadata
        context.exported_vars.add('metadata')
        yield '  resource_pool_metadata.yaml:'
        yield str(environment.finalize(t_1((undefined(name='metadata') if l_0_metadata is missing else l_0_metadata), 4)))
        yield '\n'


def t_genai_genai_service_account(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_genai = resolve('genai')
    l_0_Release = resolve('Release')
    try:
        t_1 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai') and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'genai'), 'version')):
        pass
        l_0_genai = context.vars['genai'] = environment.get_template('_genai-common.yaml', 'genai/genai-service-account.yaml').make_module(context.get_all(), True, {'genai': l_0_genai})
        context.exported_vars.discard('genai')
        yield 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: '
        yield str(environment.finalize(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'app')))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='genai') if l_0_genai is missing else l_0_genai), 'labels'), 4)))
        yield '\n'


def t_master_config(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_names = resolve('names')
    l_0_Release = resolve('Release')
    l_0_labels = resolve('labels')
    l_0_master_yaml = resolve('master_yaml')
    l_0_tls = missing
    try:
        t_1 = environment.filters['gostring']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'gostring' found.")
    try:
        t_2 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    l_0_tls = (environment.getattr(environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'logging'), 'security'), 'tls') if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'logging') and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'logging'), 'security')) else None)
    context.vars['tls'] = l_0_tls
    context.exported_vars.add('tls')
    yield 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master_config')))
    yield '\n  namespace: '
    yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
    yield '\n  labels:'
    yield str(environment.finalize(t_2(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'master'), 4)))
    yield '\nstringData:\n  master.yaml:'
    yield str(environment.finalize(t_2((undefined(name='master_yaml') if l_0_master_yaml is missing else l_0_master_yaml), 4)))
    yield '\n'
    if ((undefined(name='tls') if l_0_tls is missing else l_0_tls) and environment.getattr((undefined(name='tls') if l_0_tls is missing else l_0_tls), 'certificate')):
        pass
        yield '  elastic.crt:'
        yield str(environment.finalize(t_2(str_join((context.call(environment.getattr(t_1(environment.getattr((undefined(name='tls') if l_0_tls is missing else l_0_tls), 'certificate')), 'rstrip'), '\n'), '\n', )), 4)))
        yield '\n'


def t_master_deployment(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_Chart = resolve('Chart')
    l_0_names = resolve('names')
    l_0_Release = resolve('Release')
    l_0_labels = resolve('labels')
    l_0_master_config_digest = resolve('master_config_digest')
    l_0_unquoted = resolve('unquoted')
    l_0_secret_path = resolve('secret_path')
    l_0_quoted = resolve('quoted')
    l_0_image = l_0_storage = l_0_mount_checkpoints = l_0_managers = l_0_external_ca = missing
    try:
        t_1 = environment.filters['bare']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'bare' found.")
    try:
        t_2 = environment.filters['gostring']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'gostring' found.")
    try:
        t_3 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    try:
        t_4 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_image = str_join((t_1(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'imageRegistry')), '/', ('hpe-mlde-master' if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'enterpriseEdition') else 'determined-master'), ':', t_1((environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'detVersion') or environment.getattr((undefined(name='Chart') if l_0_Chart is missing else l_0_Chart), 'AppVersion'))), ))
    context.vars['image'] = l_0_image
    context.exported_vars.add('image')
    l_0_storage = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'checkpointStorage')
    context.vars['storage'] = l_0_storage
    context.exported_vars.add('storage')
    l_0_mount_checkpoints = (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'mountToServer') and (environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'type') == 'shared_fs'))
    context.vars['mount_checkpoints'] = l_0_mount_checkpoints
    context.exported_vars.add('mount_checkpoints')
    l_0_managers = (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'additional_resource_managers') or [])
    context.vars['managers'] = l_0_managers
    context.exported_vars.add('managers')
    l_0_external_ca = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'externalCaCertSecretName')
    context.vars['external_ca'] = l_0_external_ca
    context.exported_vars.add('external_ca')
    yield 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master_deployment')))
    yield '\n  namespace: '
    yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
    yield '\n  labels:'
    yield str(environment.finalize(t_3(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'master'), 4)))
    yield '\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n  template:\n    metadata:\n      labels:\n        app: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n        determined-system: master\n        release-namespace: '
    yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
    yield '\n      annotations:\n        checksum/config: '
    yield str(environment.finalize((undefined(name='master_config_digest') if l_0_master_config_digest is missing else l_0_master_config_digest)))
    yield '\n    spec:\n      priorityClassName: determined-system-priority\n      serviceAccount: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n      containers:\n      - name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n        image: '
    yield str(environment.finalize((undefined(name='image') if l_0_image is missing else l_0_image)))
    yield '\n        imagePullPolicy: Always\n        env:\n        - name: DET_RELEASE_NAMESPACE\n          valueFrom:\n            fieldRef:\n              fieldPath: metadata.namespace\n'
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'enterpriseEdition') and environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'oidc')):
        pass
        yield '        - name: DET_OIDC_CLIENT_SECRET\n          valueFrom:\n            secretKeyRef:\n              name: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'oidc'), 'clientSecretName'))))
        yield '\n              key: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'oidc'), 'clientSecretKey'))))
        yield '\n              optional: false\n'
    yield '        volumeMounts:\n        - name: master-config\n          mountPath: /etc/determined/\n          readOnly: true\n'
    if (undefined(name='mount_checkpoints') if l_0_mount_checkpoints is missing else l_0_mount_checkpoints):
        pass
        yield '        - name: checkpoint-storage\n          mountPath: /determined_shared_fs\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'tlsSecret'):
        pass
        yield '        - name: tls-secret\n          mountPath: '
        yield str(environment.finalize((undefined(name='secret_path') if l_0_secret_path is missing else l_0_secret_path)))
        yield '\n          readOnly: true\n'
    l_1_loop = missing
    for l_1_manager, l_1_loop in LoopContext((undefined(name='managers') if l_0_managers is missing else l_0_managers), undefined):
        _loop_vars = {}
        pass
        yield '        - name: '
        yield str(environment.finalize(str_join(('additionalrm-kubeconfig', environment.getattr(l_1_loop, 'index0'), ))))
        yield '\n          mountPath: '
        yield str(environment.finalize(str_join(((undefined(name='secret_path') if l_0_secret_path is missing else l_0_secret_path), environment.getattr(l_1_loop, 'index0'), '/', ))))
        yield '\n          readOnly: true\n'
    l_1_loop = l_1_manager = missing
    if environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'certResourceName'):
        pass
        yield '        - name: database-cert\n          mountPath: '
        yield str(environment.finalize((undefined(name='secret_path') if l_0_secret_path is missing else l_0_secret_path)))
        yield '\n          readOnly: true\n'
    if (undefined(name='external_ca') if l_0_external_ca is missing else l_0_external_ca):
        pass
        yield '        - name: etc-ssl-certs\n          mountPath: /etc/ssl/certs\n          readOnly: true\n'
    yield '        resources:\n          requests:\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterCpuRequest'):
        pass
        yield '            cpu: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterCpuRequest'))))
        yield '\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterMemRequest'):
        pass
        yield '            memory: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterMemRequest'))))
        yield '\n'
    if (environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterCpuLimit') or environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterMemLimit')):
        pass
        yield '          limits:\n'
        if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterCpuLimit'):
            pass
            yield '            cpu: '
            yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterCpuLimit'))))
            yield '\n'
        if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterMemLimit'):
            pass
            yield '            memory: '
            yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterMemLimit'))))
            yield '\n'
    if (undefined(name='external_ca') if l_0_external_ca is missing else l_0_external_ca):
        pass
        yield '      initContainers:\n      - name: update-ca-certificates\n        command:\n        - sh\n        - -c\n        - update-ca-certificates --fresh\n        image: '
        yield str(environment.finalize((undefined(name='image') if l_0_image is missing else l_0_image)))
        yield '\n        imagePullPolicy: Always\n        terminationMessagePath: /dev/termination-log\n        terminationMessagePolicy: File\n        volumeMounts:\n        - mountPath: /usr/local/share/ca-certificates/\n          name: usr-local-share-ca-certificates\n        - mountPath: /etc/ssl/certs\n          name: etc-ssl-certs\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'imagePullSecretName'):
        pass
        yield '      imagePullSecrets:\n      - name: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'imagePullSecretName'))))
        yield '\n'
    yield '      volumes:\n      - name: master-config\n        secret:\n          secretName: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master_config')))
    yield '\n'
    if (undefined(name='mount_checkpoints') if l_0_mount_checkpoints is missing else l_0_mount_checkpoints):
        pass
        yield '      - name: checkpoint-storage\n        hostPath:\n          path: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='storage') if l_0_storage is missing else l_0_storage), 'hostPath'))))
        yield '\n          type: Directory\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'tlsSecret'):
        pass
        yield '      - name: tls-secret\n        secret:\n          secretName: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'tlsSecret'))))
        yield '\n'
    l_1_loop = missing
    for l_1_manager, l_1_loop in LoopContext((undefined(name='managers') if l_0_managers is missing else l_0_managers), undefined):
        _loop_vars = {}
        pass
        yield '      - name: '
        yield str(environment.finalize(str_join(('additionalrm-kubeconfig', environment.getattr(l_1_loop, 'index0'), ))))
        yield '\n        secret:\n          secretName: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr(l_1_manager, 'resource_manager'), 'kubeconfig_secret_name'), _loop_vars=_loop_vars)))
        yield '\n'
    l_1_loop = l_1_manager = missing
    if environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'sslMode'):
        pass
        yield '      - name: database-cert\n'
        if (t_4(t_2(environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'resourceType'))) == 'configMap'):
            pass
            yield '        configMap:\n          name: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'certResourceName'))))
            yield '\n'
        else:
            pass
            yield '        secret:\n          secretName: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'db'), 'certResourceName'))))
            yield '\n'
    if (undefined(name='external_ca') if l_0_external_ca is missing else l_0_external_ca):
        pass
        yield '      - name: usr-local-share-ca-certificates\n        secret:\n          defaultMode: 420\n          secretName: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), (undefined(name='external_ca') if l_0_external_ca is missing else l_0_external_ca))))
        yield '\n      - name: etc-ssl-certs\n        emptyDir: {}\n'


def t_master_ingress(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_tls = resolve('tls')
    l_0_dict = resolve('dict')
    l_0_annotations = resolve('annotations')
    l_0__ = resolve('_')
    l_0_Release = resolve('Release')
    l_0_labels = resolve('labels')
    l_0_names = resolve('names')
    l_0_unquoted = resolve('unquoted')
    l_0_ingress = missing
    try:
        t_1 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    l_0_ingress = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'ingress')
    context.vars['ingress'] = l_0_ingress
    context.exported_vars.add('ingress')
    if ((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress) and environment.getattr((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress), 'enabled')):
        pass
        l_0_tls = (environment.getattr((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress), 'tls') or {})
        context.vars['tls'] = l_0_tls
        context.exported_vars.add('tls')
        l_0_annotations = context.call((undefined(name='dict') if l_0_dict is missing else l_0_dict), (environment.getattr((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress), 'annotations') or {}))
        context.vars['annotations'] = l_0_annotations
        context.exported_vars.add('annotations')
        if (environment.getattr((undefined(name='tls') if l_0_tls is missing else l_0_tls), 'termination') == 'passthrough'):
            pass
            l_0__ = context.call(environment.getattr((undefined(name='annotations') if l_0_annotations is missing else l_0_annotations), 'update'), {'nginx.ingress.kubernetes.io/ssl-passthrough': 'true', 'nginx.ingress.kubernetes.io/backend-protocol': 'HTTPS'})
            context.vars['_'] = l_0__
        yield 'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: '
        yield str(environment.finalize(str_join(('determined-master-ingress-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), ))))
        yield '\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'master'), 4)))
        yield '\n'
        if (undefined(name='annotations') if l_0_annotations is missing else l_0_annotations):
            pass
            yield '  annotations:'
            yield str(environment.finalize(t_1((undefined(name='annotations') if l_0_annotations is missing else l_0_annotations), 4)))
            yield '\n'
        yield 'spec:\n'
        if environment.getattr((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress), 'className'):
            pass
            yield '  ingressClassName: '
            yield str(environment.finalize(environment.getattr((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress), 'className')))
            yield '\n'
        if (environment.getattr((undefined(name='tls') if l_0_tls is missing else l_0_tls), 'termination') == 'loadBalancer'):
            pass
            yield '  tls:\n  - hosts:\n    - '
            yield str(environment.finalize(environment.getattr((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress), 'host')))
            yield '\n    secretName: '
            yield str(environment.finalize(environment.getattr((undefined(name='tls') if l_0_tls is missing else l_0_tls), 'secretName')))
            yield '\n'
        yield '  rules:\n'
        if environment.getattr((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress), 'host'):
            pass
            yield '  - host: '
            yield str(environment.finalize(environment.getattr((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress), 'host')))
            yield '\n    http:\n'
        else:
            pass
            yield '  - http:\n'
        yield '      paths:\n      - path: '
        yield str(environment.finalize((environment.getattr((undefined(name='ingress') if l_0_ingress is missing else l_0_ingress), 'path') or '/')))
        yield '\n        pathType: Prefix\n        backend:\n          service:\n            name: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master_service')))
        yield '\n            port:\n              number: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterPort'))))
        yield '\n'


def t_master_permissions(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_names = resolve('names')
    l_0_Release = resolve('Release')
    l_0_labels = resolve('labels')
    try:
        t_1 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    yield 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n  namespace: '
    yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
    yield '\n  labels:'
    yield str(environment.finalize(t_1(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'master'), 4)))
    yield '\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n  labels:'
    yield str(environment.finalize(t_1(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'master'), 4)))
    yield '\nrules:\n- apiGroups: [""]\n  resources: [pods, pods/status, pods/log, configmaps, namespaces, resourcequotas]\n  verbs: [create, get, list, delete]\n- apiGroups: [""]\n  resources: [services, resourcequotas]\n  verbs: [get, list]\n- apiGroups: [""]\n  resources: [pods, resourcequotas]\n  verbs: [watch, patch]\n- apiGroups: [""]\n  resources: [events]\n  verbs: [list, watch]\n- apiGroups: [scheduling.k8s.io]\n  resources: [priorityclasses]\n  verbs: [create, get, list, delete]\n- apiGroups: [""]\n  resources: [nodes]\n  verbs: [list, watch, patch]\n- apiGroups: [batch]\n  resources: [jobs]\n  verbs: [create, get, list, delete, watch]\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n  labels:'
    yield str(environment.finalize(t_1(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'master'), 4)))
    yield '\nsubjects:\n- kind: ServiceAccount\n  name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n  namespace: '
    yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
    yield '\nroleRef:\n  kind: ClusterRole\n  name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n  apiGroup: rbac.authorization.k8s.io\n'


def t_master_route(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_Release = resolve('Release')
    l_0_labels = resolve('labels')
    l_0_names = resolve('names')
    l_0_unquoted = resolve('unquoted')
    l_0_route = missing
    try:
        t_1 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    l_0_route = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'openshiftRoute')
    context.vars['route'] = l_0_route
    context.exported_vars.add('route')
    if ((undefined(name='route') if l_0_route is missing else l_0_route) and environment.getattr((undefined(name='route') if l_0_route is missing else l_0_route), 'enabled')):
        pass
        yield 'apiVersion: route.openshift.io/v1\nkind: Route\nmetadata:\n  namespace: '
        yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
        yield '\n  labels:'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='labels') if l_0_labels is missing else l_0_labels), 'master'), 4)))
        yield '\n  name: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master_route')))
        yield '\nspec:\n'
        if environment.getattr((undefined(name='route') if l_0_route is missing else l_0_route), 'host'):
            pass
            yield '  host: '
            yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='route') if l_0_route is missing else l_0_route), 'host'))))
            yield '\n'
        yield '  tls:\n    termination: '
        yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='route') if l_0_route is missing else l_0_route), 'termination'))))
        yield '\n  to:\n    kind: Service\n    name: '
        yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master_service')))
        yield '\n    weight: 100\n  wildcardPolicy: None\n'


def t_master_service(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_names = resolve('names')
    l_0_Release = resolve('Release')
    l_0_has = resolve('has')
    l_0_unquoted = resolve('unquoted')
    l_0_master_container_port = resolve('master_container_port')
    l_0_route = missing
    try:
        t_1 = environment.filters['toyaml']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'toyaml' found.")
    pass
    l_0_route = environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'openshiftRoute')
    context.vars['route'] = l_0_route
    context.exported_vars.add('route')
    yield 'apiVersion: v1\nkind: Service\nmetadata:\n  name: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master_service')))
    yield '\n  namespace: '
    yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Namespace')))
    yield '\n  labels:\n    app: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n    determined.ai/master-service: "true"\n    release: '
    yield str(environment.finalize(environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name')))
    yield '\n'
    if ((context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'master-service-annotations') and environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterService')) and environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterService'), 'annotations')):
        pass
        yield '  annotations:'
        yield str(environment.finalize(t_1(environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterService'), 'annotations'), 4)))
        yield '\n'
    yield 'spec:\n  ports:\n  - port: '
    yield str(environment.finalize(context.call((undefined(name='unquoted') if l_0_unquoted is missing else l_0_unquoted), environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'masterPort'))))
    yield '\n    targetPort: '
    yield str(environment.finalize((undefined(name='master_container_port') if l_0_master_container_port is missing else l_0_master_container_port)))
    yield '\n    protocol: TCP\n'
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'loadBalancerSourceRanges'):
        pass
        yield '  loadBalancerSourceRanges:'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'loadBalancerSourceRanges'), 4)))
        yield '\n'
    if ((undefined(name='route') if l_0_route is missing else l_0_route) and environment.getattr((undefined(name='route') if l_0_route is missing else l_0_route), 'enabled')):
        pass
        yield '  type: ClusterIP\n'
    elif environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'useNodePortForMaster'):
        pass
        yield '  type: NodePort\n'
    else:
        pass
        yield '  type: LoadBalancer\n'
    yield '  selector:\n    app: '
    yield str(environment.finalize(environment.getattr((undefined(name='names') if l_0_names is missing else l_0_names), 'master')))
    yield '\n'


def t_priority_classes(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    pass
    if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'createNonNamespacedObjects'):
        pass
        yield 'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: determined-system-priority\nvalue: 1000000\npreemptionPolicy: Never\nglobalDefault: false\ndescription: This priority class should be used for Determined system pods only.\n---\napiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: determined-medium-priority\nvalue: 50\npreemptionPolicy: Never\nglobalDefault: false\ndescription: This priority class should be used for medium priority Determined jobs.\n'


def t_scheduler_config(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_has = resolve('has')
    l_0_scheduler = missing
    try:
        t_1 = environment.filters['gostring']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'gostring' found.")
    try:
        t_2 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_scheduler = (t_2(t_1(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultScheduler'))) if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultScheduler') else '')
    context.vars['scheduler'] = l_0_scheduler
    context.exported_vars.add('scheduler')
    if (((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'coscheduler') or (((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'preemption') and context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'preemption-scheduler'))):
        pass
        yield 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: scheduler-config\n  namespace: kube-system\ndata:\n  config.yaml: |\n    apiVersion: kubescheduler.config.k8s.io/v1alpha2\n    kind: KubeSchedulerConfiguration\n    leaderElection:\n      leaderElect: false\n    profiles:\n    - schedulerName: '
        yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
        yield '\n      plugins:\n        queueSort:\n          enabled:\n          - name: Coscheduling\n          disabled:\n          - name: "*"\n'
        if ((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'preemption'):
            pass
            yield '        preFilter:\n          enabled:\n          - name: Coscheduling\n'
        yield '        permit:\n          enabled:\n          - name: Coscheduling\n        unreserve:\n          enabled:\n          - name: Coscheduling\n        score:\n          enabled:\n          - name: Coscheduling\n      pluginConfig:\n      - name: Coscheduling\n        args:\n          permitWaitingTimeSeconds: 1\n          podGroupGCIntervalSeconds: 10\n          podGroupExpirationTimeSeconds: 30\n'


def t_scheduler_deployment(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_has = resolve('has')
    l_0_image = resolve('image')
    l_0_Release = resolve('Release')
    l_0_quoted = resolve('quoted')
    l_0_scheduler = missing
    try:
        t_1 = environment.filters['gostring']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'gostring' found.")
    try:
        t_2 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_scheduler = (t_2(t_1(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultScheduler'))) if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultScheduler') else '')
    context.vars['scheduler'] = l_0_scheduler
    context.exported_vars.add('scheduler')
    if (((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'coscheduler') or (((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'preemption') and context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'preemption-scheduler'))):
        pass
        l_0_image = (environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultImages'), 'kubeSchedulerPreemption') if ((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'preemption') else environment.getattr(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultImages'), 'kubeScheduler'))
        context.vars['image'] = l_0_image
        context.exported_vars.add('image')
        yield 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  labels:\n    component: scheduler\n    tier: control-plane\n    release: '
        yield str(environment.finalize(str_join(((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler), '-', environment.getattr((undefined(name='Release') if l_0_Release is missing else l_0_Release), 'Name'), ))))
        yield '\n  name: '
        yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
        yield '\n  namespace: kube-system\nspec:\n  selector:\n    matchLabels:\n      component: scheduler\n      tier: control-plane\n  replicas: 1\n  template:\n    metadata:\n      labels:\n        component: scheduler\n        tier: control-plane\n    spec:\n      serviceAccountName: '
        yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
        yield '\n      containers:\n      - command:\n        - kube-scheduler\n        - -v=3\n        - --leader-elect=false\n        - --scheduler-name=coscheduler\n        - --config=/etc/config/config.yaml\n        name: '
        yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
        yield '\n        image: '
        yield str(environment.finalize(context.call((undefined(name='quoted') if l_0_quoted is missing else l_0_quoted), (undefined(name='image') if l_0_image is missing else l_0_image))))
        yield '\n        imagePullPolicy: Always\n        livenessProbe:\n          httpGet:\n            path: /healthz\n            port: 10251\n          initialDelaySeconds: 15\n        readinessProbe:\n          httpGet:\n            path: /healthz\n            port: 10251\n        resources:\n          requests:\n            cpu: "0.1"\n        securityContext:\n          privileged: false\n        volumeMounts:\n        - name: scheduler-config-volume\n          mountPath: /etc/config\n      hostNetwork: false\n      hostPID: false\n      volumes:\n      - name: scheduler-config-volume\n        configMap:\n          name: scheduler-config\n'


def t_scheduler_permissions(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_Values = resolve('Values')
    l_0_has = resolve('has')
    l_0_scheduler = missing
    try:
        t_1 = environment.filters['gostring']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'gostring' found.")
    try:
        t_2 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_scheduler = (t_2(t_1(environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultScheduler'))) if environment.getattr((undefined(name='Values') if l_0_Values is missing else l_0_Values), 'defaultScheduler') else '')
    context.vars['scheduler'] = l_0_scheduler
    context.exported_vars.add('scheduler')
    if (((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'coscheduler') or (((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler) == 'preemption') and context.call((undefined(name='has') if l_0_has is missing else l_0_has), 'preemption-scheduler'))):
        pass
        yield 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: '
        yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
        yield '\n  namespace: kube-system\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: '
        yield str(environment.finalize(str_join(((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler), '-pod-permissions', ))))
        yield '\nrules:\n- apiGroups: [""]\n  resources: [pods]\n  verbs: [patch]\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: '
        yield str(environment.finalize(str_join(((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler), '-pod-role', ))))
        yield '\nsubjects:\n- kind: ServiceAccount\n  name: '
        yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
        yield '\n  namespace: kube-system\nroleRef:\n  kind: ClusterRole\n  name: '
        yield str(environment.finalize(str_join(((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler), '-pod-permissions', ))))
        yield '\n  apiGroup: rbac.authorization.k8s.io\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: '
        yield str(environment.finalize(str_join(((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler), '-extention-apiserver', ))))
        yield '\n  namespace: kube-system\nsubjects:\n- kind: ServiceAccount\n  name: '
        yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
        yield '\nroleRef:\n  kind: Role\n  name: extension-apiserver-authentication-reader\n  apiGroup: rbac.authorization.k8s.io\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: '
        yield str(environment.finalize(str_join(((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler), '-as-kube-scheduler', ))))
        yield '\nsubjects:\n- kind: ServiceAccount\n  name: '
        yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
        yield '\n  namespace: kube-system\nroleRef:\n  kind: ClusterRole\n  name: system:kube-scheduler\n  apiGroup: rbac.authorization.k8s.io\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: '
        yield str(environment.finalize(str_join(((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler), '-as-volume-scheduler', ))))
        yield '\nsubjects:\n- kind: ServiceAccount\n  name: '
        yield str(environment.finalize((undefined(name='scheduler') if l_0_scheduler is missing else l_0_scheduler)))
        yield '\n  namespace: kube-system\nroleRef:\n  kind: ClusterRole\n  name: system:volume-scheduler\n  apiGroup: rbac.authorization.k8s.io\n'


TEMPLATES = {
    '_db-client.yaml': t__db_client,
    '_genai-common.yaml': t__genai_common,
    '_master.yaml': t__master,
    'db-deployment.yaml': t_db_deployment,
    'db-persistent-volume-claim.yaml': t_db_persistent_volume_claim,
    'db-service.yaml': t_db_service,
    'db-volume-snapshot-class.yaml': t_db_volume_snapshot_class,
    'db-volume-snapshot.yaml': t_db_volume_snapshot,
    'genai/genai-backend-service.yaml': t_genai_genai_backend_service,
    'genai/genai-deployment.yaml': t_genai_genai_deployment,
    'genai/genai-initialize-shared-fs-permissions.yaml': t_genai_genai_initialize_shared_fs_permissions,
    'genai/genai-persistent-volume-claim.yaml': t_genai_genai_persistent_volume_claim,
    'genai/genai-queue-service.yaml': t_genai_genai_queue_service,
    'genai/genai-resource-pool-metadata.yaml': t_genai_genai_resource_pool_metadata,
    'genai/genai-service-account.yaml': t_genai_genai_service_account,
    'master-config.yaml': t_master_config,
    'master-deployment.yaml': t_master_deployment,
    'master-ingress.yaml': t_master_ingress,
    'master-permissions.yaml': t_master_permissions,
    'master-route.yaml': t_master_route,
    'master-service.yaml': t_master_service,
    'priority-classes.yaml': t_priority_classes,
    'scheduler-config.yaml': t_scheduler_config,
    'scheduler-deployment.yaml': t_scheduler_deployment,
    'scheduler-permissions.yaml': t_scheduler_permissions,
}
