package app

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/cmd"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	"folio/server/internal/backup"
)

// Execute runs the command line as pb.Start does, with two differences an
// operator's scripts depend on (`folio restore x.zip && folio serve`):
//
//   - the command's error comes back (pb.Execute drops what cobra returns,
//     so a failed command printed "Error: …" and exited 0), and main turns
//     it into a non-zero exit;
//   - the app is bootstrapped (data.db opened, or created, in --dir) only
//     once cobra has accepted the command's flags and arguments, so a
//     mistyped flag leaves --dir as it was. pb.Execute bootstraps first.
//     A command annotated backup.NoBootstrap (restore) is not bootstrapped.
//
// Errors go to stderr (PocketBase's coloured error writer prints them to
// stdout), and usage is printed for a flag or argument mistake, not for a
// command that was well formed and failed.
func Execute(pb *pocketbase.PocketBase) error {
	pb.RootCmd.SetErr(os.Stderr)
	pb.RootCmd.AddCommand(cmd.NewSuperuserCommand(pb))
	pb.RootCmd.AddCommand(cmd.NewServeCommand(pb, true))

	// Runs after flag parsing and argument checks, before the command
	// (no Folio or PocketBase command sets its own PersistentPreRunE).
	pb.RootCmd.PersistentPreRunE = func(c *cobra.Command, _ []string) error {
		c.SilenceUsage = true
		if pb.IsBootstrapped() || c.Annotations[backup.NoBootstrap] != "" {
			return nil
		}
		return pb.Bootstrap()
	}

	done := make(chan error, 2)
	go func() {
		// As pb.Execute: SIGINT/SIGTERM ends the command through the
		// terminate hooks below (serve shuts down gracefully there).
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
		<-sig
		done <- nil
	}()
	go func() { done <- pb.RootCmd.Execute() }()
	runErr := <-done

	termErr := pb.OnTerminate().Trigger(&core.TerminateEvent{App: pb}, func(e *core.TerminateEvent) error {
		return e.App.ResetBootstrapState()
	})
	if termErr != nil {
		fmt.Fprintln(pb.RootCmd.ErrOrStderr(), "Error:", termErr)
	}
	return errors.Join(runErr, termErr)
}
