// Command masterdb replays how the Determined master (0.35.0–0.38.1) turns the
// `db` section of its configuration into a database connection, up to the
// point where it would open a socket. It reads JSON requests, one per line, on
// stdin and writes one JSON answer per line on stdout, in order:
//
//	in:  {"id": "...", "db": {"host": "...", "port": "...", "user": "...", "password": "...",
//	      "name": "...", "ssl_mode": "...", "ssl_root_cert": "..."}}
//	out: {"id": "...", "connect": {...}, "lookup": {...}, "migrate": {...}}
//
// The `db` fields are the strings of the master's config.DBConfig after
// start-up (masterdecode's answer: viper casts every `db.*` key to a string).
//
//   - connect: what the pgx driver makes of the URL the master builds
//     (master/internal/db/setup.go, Connect: cnxTpl and sslTpl filled with
//     fmt.Sprintf, then sqlx.Connect("pgx", url), whose stdlib connector calls
//     pgx.ParseConfig(url), pgx v4.18.2 stdlib/sql.go driverConnector.Connect).
//   - lookup: what the driver's resolver does with each host before any socket
//     (pgconn v1.14.3 pgconn.go expandWithIPs: config.LookupFunc, which is
//     net.DefaultResolver.LookupHost; a host starting with "/" is a Unix socket
//     directory and is not looked up). The resolver here is Go's own with a Dial
//     that records it was called and fails: a host that gets no address without
//     Dial being called is refused before any DNS query (net/lookup.go LookupHost,
//     net/dnsclient_unix.go goLookupIPCNAMEOrder: isDomainName; nameList and
//     avoidDNS: .onion), and ConnectConfig then fails ("hostname resolving error").
//   - migrate: what go-pg makes of the same URL when the master runs its
//     migrations (master/internal/db/migrations.go, makeGoPgOpts, copied below;
//     go-pg v10.10.6 ParseURL).
//
// Nothing is dialled. The driver reads PG* environment variables and files in
// the home directory (pgconn defaults.go defaultSettings, config.go
// parseEnvSettings): the caller runs this with PG* unset and HOME an empty
// directory, as in the master's container, whose Deployment sets no PG*.
package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	pg "github.com/go-pg/pg/v10"
	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
)

// master/internal/db/setup.go, 0.35.0–0.38.1 alike.
const (
	cnxTpl = "postgres://%s:%s@%s:%s/%s?application_name=determined-master"
	sslTpl = "&sslmode=%s&sslrootcert=%s"
)

type dbConfig struct {
	Host        string `json:"host"`
	Port        string `json:"port"`
	User        string `json:"user"`
	Password    string `json:"password"`
	Name        string `json:"name"`
	SSLMode     string `json:"ssl_mode"`
	SSLRootCert string `json:"ssl_root_cert"`
}

type request struct {
	ID string   `json:"id"`
	DB dbConfig `json:"db"`
}

type connect struct {
	OK       bool   `json:"ok"`
	Error    string `json:"error"`
	Host     string `json:"host"`
	Port     int    `json:"port"`
	User     string `json:"user"`
	Password string `json:"password"`
	Database string `json:"database"`
	// RootCert: the master reads the root certificate from its own disk. "stood in":
	// a generated certificate replaced it (its path is plain text a URL reads as
	// itself, so the URL parses alike); "unread": its path is not plain, the file
	// is not here, and the answer is not the master's.
	RootCert string `json:"root_cert"`
}

type lookup struct {
	// Checked: some host is a name or address to look up (not a socket directory).
	Checked bool `json:"checked"`
	// Refused: the hosts for which the resolver gives no address without asking DNS, so
	// that the connection fails (pgconn.go ConnectConfig: "hostname resolving error").
	Refused []string `json:"refused"`
	Dialled bool     `json:"dialled"`
}

type migrate struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Addr  string `json:"addr"`
	// DialPort: the port Go's dialer reads from Addr (net.Dialer.DialContext: SplitHostPort,
	// then LookupPort, where an empty port is 0, net/ipsock.go and net/port.go parsePort);
	// -1 where it refuses Addr.
	DialPort int    `json:"dial_port"`
	User     string `json:"user"`
	Password string `json:"password"`
	Database string `json:"database"`
}

type response struct {
	ID      string  `json:"id"`
	Connect connect `json:"connect"`
	Lookup  lookup  `json:"lookup"`
	Migrate migrate `json:"migrate"`
}

// standIn is a CA certificate file standing in for the master's root certificate.
var standIn string

// plainPath is a root certificate path whose text a URL query reads as itself.
var plainPath = regexp.MustCompile(`^[-._~/A-Za-z0-9]+$`)

func answer(req request) response {
	o := req.DB
	// master/internal/db/setup.go, Connect.
	dbURL := fmt.Sprintf(cnxTpl, o.User, o.Password, o.Host, o.Port, o.Name)
	dbURL += fmt.Sprintf(sslTpl, o.SSLMode, o.SSLRootCert)
	resp := response{ID: req.ID}
	if o.SSLRootCert != "" && plainPath.MatchString(o.SSLRootCert) {
		tail := fmt.Sprintf(sslTpl, o.SSLMode, o.SSLRootCert)
		dbURL = strings.TrimSuffix(dbURL, tail) + fmt.Sprintf(sslTpl, o.SSLMode, standIn)
		resp.Connect.RootCert = "stood in"
	}
	conf, err := pgx.ParseConfig(dbURL)
	var missing *fs.PathError
	if err != nil && errors.As(err, &missing) {
		resp.Connect.RootCert = "unread" // a path the URL reads otherwise than written: not judged here
	}
	if err != nil {
		resp.Connect.Error = err.Error()
	} else {
		resp.Connect = connect{
			OK: true, Host: conf.Host, Port: int(conf.Port), User: conf.User, Password: conf.Password,
			Database: conf.Database, RootCert: resp.Connect.RootCert,
		}
		hosts := []string{conf.Host}
		for _, fallback := range conf.Fallbacks {
			hosts = append(hosts, fallback.Host)
		}
		resp.Lookup = resolve(hosts)
	}
	opts, err := makeGoPgOpts(dbURL)
	if err != nil {
		resp.Migrate.Error = err.Error()
	} else {
		resp.Migrate = migrate{
			OK: true, Addr: opts.Addr, DialPort: dialPort(opts.Addr), User: opts.User, Password: opts.Password,
			Database: opts.Database,
		}
	}
	return resp
}

// resolve looks each host up as pgconn's expandWithIPs does, with Go's resolver
// and a Dial that only records that it was called.
func resolve(hosts []string) lookup {
	found := lookup{Refused: []string{}}
	for _, host := range hosts {
		if strings.HasPrefix(host, "/") { // pgconn isAbsolutePath: a Unix socket directory
			continue
		}
		found.Checked = true
		dialled := false
		resolver := &net.Resolver{
			PreferGo: true,
			Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
				dialled = true
				return nil, errors.New("the oracle asks no DNS server")
			},
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		addrs, _ := resolver.LookupHost(ctx, host)
		cancel()
		found.Dialled = found.Dialled || dialled
		if !dialled && len(addrs) == 0 {
			found.Refused = append(found.Refused, host)
		}
	}
	return found
}

// dialPort is the port go-pg's dialer connects to for addr (go-pg v10.10.6 options.go, init:
// the default Dialer is net.Dialer.DialContext(ctx, "tcp", addr)), or -1 where it refuses addr.
func dialPort(addr string) int {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return -1
	}
	resolver := &net.Resolver{
		PreferGo: true,
		Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
			return nil, errors.New("the oracle asks no DNS server")
		},
	}
	number, err := resolver.LookupPort(context.Background(), "tcp", port)
	if err != nil {
		return -1
	}
	return number
}

// makeGoPgOpts is master/internal/db/migrations.go's (0.35.0–0.38.1 alike).
func makeGoPgOpts(dbURL string) (*pg.Options, error) {
	// go-pg ParseURL doesn't support sslrootcert, so strip it and do manually.
	re := regexp.MustCompile(`&sslrootcert=([^&]*)`)
	url := re.ReplaceAllString(dbURL, "")
	opts, err := pg.ParseURL(url)
	if err != nil {
		return nil, err
	}

	if opts.TLSConfig != nil {
		pgxConfig, err := pgconn.ParseConfig(dbURL)
		if err != nil {
			return nil, err
		}
		opts.TLSConfig = pgxConfig.TLSConfig
	}

	return opts, nil
}

// writeStandIn writes a self-signed CA certificate for the root certificate the
// master reads from its own disk.
func writeStandIn(dir string) (string, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return "", err
	}
	template := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "masterdb oracle"},
		NotBefore:             time.Unix(0, 0),
		NotAfter:              time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC),
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "root.crt")
	return path, os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
}

func main() {
	dir, err := os.MkdirTemp("", "masterdb")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	if standIn, err = writeStandIn(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "invalid request:", err)
			os.Exit(2)
		}
		if err := enc.Encode(answer(req)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		out.Flush()
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
