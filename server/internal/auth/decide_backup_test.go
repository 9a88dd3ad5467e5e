package auth

import (
	"slices"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
)

func TestBackupHashesStorage(t *testing.T) {
	cases := []struct {
		name         string
		unused, used []string
		stored       []string
	}{
		{"nothing", nil, nil, []string{}},
		{"unused only", []string{"h1", "h2"}, nil, []string{"h1", "h2"}},
		{"with spent ones", []string{"h1"}, []string{"h2", "h3"}, []string{"h1", "used:h2", "used:h3"}},
		{"all spent", nil, []string{"h1"}, []string{"used:h1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stored := joinBackupHashes(c.unused, c.used)
			if !slices.Equal(stored, c.stored) || stored == nil {
				t.Fatalf("join = %#v, want %#v", stored, c.stored)
			}
			unused, used := splitBackupHashes(stored)
			if !slices.Equal(unused, c.unused) || !slices.Equal(used, c.used) {
				t.Errorf("split = %v %v", unused, used)
			}
		})
	}
}

func TestJudgeSecondFactorUsedBackupCode(t *testing.T) {
	now := time.Unix(1_700_000_015, 0)
	on := totpState{
		Enabled:          true,
		BackupSalt:       testSalt,
		BackupHashes:     []string{hashBackupCode("aaaaa-bbbbb", testSalt), hashBackupCode("ccccc-ddddd", testSalt)},
		UsedBackupHashes: []string{hashBackupCode("eeeee-fffff", testSalt)},
	}

	cases := []struct {
		name     string
		code     string
		want     codeVerdict
		wantLeft int
		wantUsed int
	}{
		{"unused backup code is spent", "aaaaa-bbbbb", codeAccepted, 1, 2},
		{"typed differently, still the same code", "AAAAA BBBBB", codeAccepted, 1, 2},
		{"spent backup code says so", "eeeee-fffff", codeUsed, 2, 1},
		{"spent code typed differently", "EEEEEFFFFF", codeUsed, 2, 1},
		{"unknown backup code is wrong", "ggggg-hhhhh", codeWrong, 2, 1},
		{"wrong authenticator code", "000000", codeWrong, 2, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, verdict := judgeSecondFactor(on, rfcSecret, c.code, now)
			if verdict != c.want || len(got.BackupHashes) != c.wantLeft || len(got.UsedBackupHashes) != c.wantUsed {
				t.Errorf("judge = (%+v, %v)", got, verdict)
			}
		})
	}
	if len(on.UsedBackupHashes) != 1 {
		t.Error("the input state must not be modified")
	}

	t.Run("a code works once, then says it was used", func(t *testing.T) {
		next, v := judgeSecondFactor(on, rfcSecret, "ccccc-ddddd", now)
		if v != codeAccepted {
			t.Fatalf("first use: %v", v)
		}
		if _, v := judgeSecondFactor(next, rfcSecret, "ccccc-ddddd", now); v != codeUsed {
			t.Errorf("second use: %v", v)
		}
	})
}

func TestDecideRegenerate(t *testing.T) {
	now := time.Unix(1_700_000_015, 0)
	step := totpStep(now)
	current, _ := totp.GenerateCode(rfcSecret, now)
	on := totpState{
		Enabled:          true,
		Secret:           "enc",
		BackupSalt:       testSalt,
		BackupHashes:     []string{hashBackupCode("aaaaa-bbbbb", testSalt)},
		UsedBackupHashes: []string{hashBackupCode("ccccc-ddddd", testSalt)},
		LastStep:         step - 5,
	}
	fresh := []string{"n1", "n2", "n3"}

	cases := []struct {
		name string
		st   totpState
		code string
		ok   bool
	}{
		{"current code", on, current, true},
		{"code with a space", on, current[:3] + " " + current[3:], true},
		{"wrong code", on, "000000", false},
		{"a backup code cannot make new ones", on, "aaaaa-bbbbb", false},
		{"no code", on, "", false},
		{"replayed code", totpState{Enabled: true, Secret: "enc", LastStep: step + 1}, current, false},
		{"2FA off", totpState{}, current, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := decideRegenerate(c.st, rfcSecret, c.code, now, "newsalt", fresh)
			if ok != c.ok {
				t.Fatalf("ok = %v", ok)
			}
			if !ok {
				if !slices.Equal(got.BackupHashes, c.st.BackupHashes) || got.LastStep != c.st.LastStep {
					t.Errorf("refused, yet the state changed: %+v", got)
				}
				return
			}
			if !slices.Equal(got.BackupHashes, fresh) || got.UsedBackupHashes != nil || got.BackupSalt != "newsalt" {
				t.Errorf("old set not replaced: %+v", got)
			}
			if got.LastStep != step || got.Secret != "enc" || !got.Enabled {
				t.Errorf("state = %+v", got)
			}
		})
	}
}
